import { afterAll, describe, expect, inject, it } from 'vitest';
import { exampleCall } from '../../mock/reachability/generic-rows';
import type { Call, Caller } from '../../mock/reachability/rows';
import { isForced, reachabilityTable, type TableRow } from '../../mock/reachability/table';
import { FAMILIES, listOperations, type Operation } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { API_KEY, memberToken, resetSession, visitorToken } from '../support/mock-credentials';

// Every row of the reachability table (docs/reachability.md), run against the stateful mock in a session of its
// own: its request, its steps (each but the last must succeed), or its forced failure answers the declared status
// and code.
const baseUrl = inject('mockUrl');
const table = reachabilityTable();
const operations = new Map<string, Operation>(
  FAMILIES.flatMap((family) =>
    listOperations(family, loadDocument(family)).map((operation) => [operation.operationId, operation] as const),
  ),
);

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** The platform's code of an answer: its application error's, or INVALID_ARGUMENT for field violations. */
const codeOf = (body: unknown): string | undefined => {
  const details = (body as { details?: { applicationError?: { code?: string }; validationError?: unknown } } | undefined)?.details;
  const described = (body as { error?: unknown } | undefined)?.error;
  return (
    details?.applicationError?.code ??
    (details?.validationError ? 'INVALID_ARGUMENT' : typeof described === 'string' ? described : undefined)
  );
};

const pick = (answers: readonly Answer[], reference: string): string => {
  const [index, ...path] = reference.split('.');
  let value: unknown = answers[Number(index)]?.body;
  for (const name of path) value = (value as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`no ${reference} in the answers`);
  return value;
};

const runner = (session: string) => {
  const tokens = new Map<Caller, Promise<string>>();
  const tokenOf = (caller: Caller): Promise<string> => {
    if (caller === 'merchant') return Promise.resolve(API_KEY);
    if (caller === 'stranger') return Promise.resolve('Bearer not-a-token-of-this-mock');
    let token = tokens.get(caller);
    if (!token) {
      token = caller === 'member' ? memberToken(baseUrl, session) : visitorToken(baseUrl, session);
      tokens.set(caller, token);
    }
    return token;
  };
  const answers: Answer[] = [];
  const send = async (call: Call): Promise<Answer> => {
    const fill = (text: string) => text.replace(/\{(\d+(?:\.\w+)+)\}/g, (_match, reference: string) => pick(answers, reference));
    const body = call.raw?.text ?? (call.body === undefined ? undefined : fill(JSON.stringify(call.body)));
    const response = await fetch(`${baseUrl}${fill(call.path)}`, {
      method: call.method,
      redirect: 'manual',
      headers: {
        Authorization: await tokenOf(call.as),
        'x-mock-session': session,
        ...(body !== undefined && { 'content-type': call.raw?.contentType ?? 'application/json' }),
      },
      ...(body !== undefined && { body }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    const answer = { status: response.status, body: parsed };
    answers.push(answer);
    return answer;
  };
  return { send, answers };
};

const force = async (session: string, row: TableRow): Promise<void> => {
  const response = await fetch(`${baseUrl}/__mock/scenarios/${row.operation}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, failure: { status: row.status, code: row.code, times: 1 } }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
};

const run = async (row: TableRow, session: string): Promise<Answer> => {
  const { send } = runner(session);
  const { how } = row;
  if (isForced(how)) {
    await force(session, row);
    const operation = operations.get(row.operation);
    if (!operation) throw new Error(`no operation ${row.operation}`);
    return send(exampleCall(operation));
  }
  if ('request' in how) return send(how.request);
  const calls = how.steps;
  for (const [index, call] of calls.slice(0, -1).entries()) {
    const answer = await send(call);
    expect(answer.status, `step ${index} ${call.method} ${call.path}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  return send(calls[calls.length - 1] as Call);
};

const sessions: string[] = [];
afterAll(async () => {
  for (const session of sessions) await resetSession(baseUrl, session);
});

describe('the reachability table, row by row', () => {
  it.each(table.map((row, index) => [`${row.operation} ${row.status} ${row.code}`, row, index] as const))(
    '%s',
    async (_name, row, index) => {
      const session = `reach-${index}`;
      sessions.push(session);
      const answer = await run(row, session);
      expect({ status: answer.status, code: codeOf(answer.body) }, String(JSON.stringify(answer.body ?? null)).slice(0, 400)).toEqual({
        status: row.status,
        code: row.code,
      });
    },
  );
});
