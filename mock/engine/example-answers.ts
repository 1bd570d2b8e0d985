// `Prefer: code=N` and `Prefer: example=NAME` in stateful mode: the operation's declared example for that
// status (or that named example), served as Prism serves it, without touching state. The sign-in scenarios
// answer with the same examples.
import { asBundledDocument, type Family, jsonContent, listOperations } from '../../spec-model/document';
import { responseExampleNames } from '../../spec-model/examples';
import type { JsonObject } from '../../spec-model/json';
import { declaredStatuses } from '../../spec-model/responses';
import type { Fixture } from './fixtures';

export interface ExampleAnswer {
  readonly status: number;
  readonly body: unknown;
}

type ExampleSet = Readonly<Record<string, unknown>>;

export class ExampleAnswers {
  /** operationId -> status -> examples by name. */
  readonly #examples = new Map<string, ReadonlyMap<number, ExampleSet>>();

  /** `extra`: named examples from fixtures (operationId -> status -> name -> body), after the spec's own. */
  constructor(documents: Readonly<Record<Family, JsonObject>>, extra: readonly NonNullable<Fixture['examples']>[] = []) {
    for (const [family, document] of Object.entries(documents) as [Family, JsonObject][]) {
      for (const operation of listOperations(family, asBundledDocument(document))) {
        const byStatus = new Map<number, ExampleSet>();
        // Every exact status, ascending; one without a JSON body has no examples and answers none.
        for (const status of declaredStatuses(operation)) {
          const media = jsonContent(operation.responses[String(status)]);
          const set: Record<string, unknown> = {};
          for (const name of responseExampleNames(operation, status))
            set[name] = name in (media?.examples ?? {}) ? media?.examples?.[name]?.value : media?.example;
          byStatus.set(status, set);
        }
        for (const examples of extra) {
          for (const [status, named] of Object.entries(examples[operation.operationId] ?? {})) {
            byStatus.set(Number(status), { ...byStatus.get(Number(status)), ...named });
          }
        }
        this.#examples.set(operation.operationId, byStatus);
      }
    }
  }

  /** The example answer asked for, or why there is none. */
  answer(operationId: string, prefer: { readonly code?: number; readonly example?: string }): ExampleAnswer | { readonly missing: string } {
    const byStatus = this.#examples.get(operationId);
    if (!byStatus) return { missing: `${operationId} has no examples` };
    const status = prefer.code ?? [...byStatus.keys()].find((code) => code >= 200 && code < 300);
    const set = status === undefined ? undefined : byStatus.get(status);
    if (status === undefined || !set) return { missing: `${operationId} declares no example for status ${prefer.code ?? '2xx'}` };
    if (prefer.example !== undefined) {
      if (!(prefer.example in set))
        return { missing: `${operationId} has no example "${prefer.example}" for status ${status}; it has ${Object.keys(set).join(', ')}` };
      return { status, body: set[prefer.example] };
    }
    // No example: the status declares no body (a 204, a redirect) and is answered without one.
    return { status, body: Object.values(set)[0] };
  }

  /** The names a request may ask for at a status (`Prefer: example=`): the spec's and the fixtures'. */
  names(operationId: string, status: number): readonly string[] {
    return Object.keys(this.#examples.get(operationId)?.get(status) ?? {});
  }

  /** A named example's value, for the engine's own use (sign-in scenarios). */
  value(operationId: string, status: number, name: string): unknown {
    return this.#examples.get(operationId)?.get(status)?.[name];
  }
}
