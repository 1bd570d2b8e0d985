// One operation: its request (parameters and body from the spec's named examples, headers, `{{name}}` values kept
// from earlier answers), the mock scenario, send, copy as curl or code, and the answer with its contract verdict.
// Loaded with the operation's documents, functions and the code editor when the first operation is opened.
import { use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { requestExampleNames } from '../../../../spec-model/examples';
import type { JsonObject } from '../../../../spec-model/json';
import { ENVELOPE_PARAMETER, REQUEST_ID_HEADER } from '../../../../src/protocol';
import type { Replay } from '../app';
import type { Role } from '../auth-panel';
import { type CallOutcome, type Connection, callOperation, captureRequest } from '../connection';
import { addToHistory, historyEntry } from '../history';
import type { ControlsNotice, MockControls } from '../mock-controls';
import type { OperationIndexEntry } from '../operation-index';
import type { RequestForm } from '../request-form';
import { referenceHref } from '../routing';
import { variables } from '../variables';
import { AnswerView } from './answer-view';
import { buildInit, formFromExample, isEnvelope } from './build-init';
import { type ContractVerdict, contractVerdict } from './contract-verdict';
import { asCode, asCurl } from './copy-as';
import { HeadersEditor } from './headers-editor';
import { JsonEditor } from './json-editor';
import { loadFieldChecks, loadOperation, prepareAnswerChecks } from './load-operation';
import { ScenarioBar } from './scenario-bar';

interface OperationPanelProps {
  readonly entry: OperationIndexEntry;
  readonly connection: Connection;
  readonly role: Role;
  readonly controls: MockControls | undefined;
  readonly session: string;
  readonly controlsNotice: ControlsNotice | undefined;
  readonly replay: Replay | undefined;
  readonly onSent: () => void;
}

let handledReplay = 0;

/** What a call would send: an answer to anything else is stale. */
const requestKey = (init: unknown, rawBody: string | undefined, connection: Connection, role: Role): string =>
  JSON.stringify([init, rawBody, connection.baseUrl, connection.authMode, role]);

const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

const OperationPanel = ({ entry, connection, role, controls, session, controlsNotice, replay, onSent }: OperationPanelProps) => {
  const { operation, call, document } = use(loadOperation(entry));
  const checks = useMemo(() => loadFieldChecks(entry.family, document), [entry.family, document]);
  // What is typed is a request: checked as the mock checks it (readOnly fields not required).
  const check = useMemo(() => checks.then(({ request }) => request), [checks]);
  const exampleNames = useMemo(() => requestExampleNames(operation), [operation]);
  const [form, setFormState] = useState<RequestForm>(() => formFromExample(operation, exampleNames[0]));
  const setForm = useCallback((patch: Partial<RequestForm>) => setFormState((current) => ({ ...current, ...patch })), []);
  const [sending, setSending] = useState(false);
  const [retry, setRetry] = useState(false);
  const [answer, setAnswer] = useState<{ outcome: CallOutcome; verdict: ContractVerdict | undefined; sent: string }>();
  const [copied, setCopied] = useState<{ kind: 'curl' | 'code'; text: string; note: string }>();
  const values = useSyncExternalStore(variables.subscribe, variables.get);
  const built = useMemo(() => buildInit(operation, form, values), [operation, form, values]);
  const stale = answer !== undefined && answer.sent !== requestKey(built.init, built.rawBody, connection, role);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    // After the first paint: the answer's check is ready before the answer is.
    const timer = setTimeout(() => void prepareAnswerChecks(operation, checks), 0);
    return () => clearTimeout(timer);
  }, [checks, operation]);

  const stopper = useRef<AbortController>(undefined);
  const send = useCallback(
    async (sent: RequestForm) => {
      const { init, rawBody } = buildInit(operation, sent, variables.get());
      if (!init) return;
      setSending(true);
      const stop = new AbortController();
      stopper.current = stop;
      const outcome = await callOperation(connection, call, { ...init, signal: stop.signal }, { rawBody, retry });
      stopper.current = undefined;
      // An answer whose connection failed is no answer of the operation: nothing to check against its contract.
      const whole = outcome.exchange && !outcome.exchange.networkFailure ? outcome.exchange : undefined;
      const verdict = whole ? contractVerdict(operation, whole, (await checks).response) : undefined;
      setAnswer({ outcome, verdict, sent: requestKey(init, rawBody, connection, role) });
      setSending(false);
      addToHistory({
        id: `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        at: new Date().toISOString(),
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        form: sent,
        role,
        status: outcome.exchange?.status ?? 0,
        durationMs: outcome.exchange?.durationMs ?? outcome.totalMs,
        requestId: outcome.exchange?.responseHeaders.find(([name]) => name === REQUEST_ID_HEADER)?.[1],
        contractOk: verdict?.ok ?? false,
      });
      onSent();
    },
    [call, checks, connection, onSent, operation, retry, role],
  );

  useEffect(() => {
    if (!replay || replay.nonce === handledReplay) return;
    const saved = historyEntry(replay.entryId);
    if (saved?.operationId !== operation.operationId) return;
    handledReplay = replay.nonce;
    setFormState(saved.form);
    if (replay.send) void send(saved.form);
  }, [operation.operationId, replay, send]);

  const copyCurl = async () => {
    if (!built.init) return;
    const { request, error } = await captureRequest(connection, call, built.init, { rawBody: built.rawBody });
    if (!request) {
      setCopied({
        kind: 'curl',
        text: '',
        note: `The runtime refused the call: ${error instanceof Error ? error.message : String(error)}`,
      });
      return;
    }
    const text = asCurl(request);
    setCopied({ kind: 'curl', text, note: (await copyText(text)) ? 'Copied to the clipboard.' : 'Select and copy it below.' });
  };

  const copyCode = async () => {
    if (!built.init) return;
    const text = asCode(
      {
        operationId: operation.operationId,
        family: entry.family,
        readOnly: call.meta.readOnly === true,
        baseUrl: connection.baseUrl,
        authMode: connection.authMode,
      },
      built.init,
    );
    setCopied({ kind: 'code', text, note: (await copyText(text)) ? 'Copied to the clipboard.' : 'Select and copy it below.' });
  };

  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const messageSchema = operation.parameters.find((p) => p.name === ENVELOPE_PARAMETER)?.schema?.contentSchema as JsonObject | undefined;
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query' && p.name !== ENVELOPE_PARAMETER);

  return (
    <article className="operation" aria-labelledby="operation-title">
      <header>
        <h2 id="operation-title" ref={heading} tabIndex={-1}>
          <span className={`method method-${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
          <span className="op-path">{operation.path}</span>
        </h2>
        <p>
          <code data-testid="operation-id">{operation.operationId}</code> · {operation.summary} ·{' '}
          <span className="family">{entry.family}</span> / {entry.tag} ·{' '}
          <a href={referenceHref(entry.family, entry.tag, operation.operationId)}>reference</a>
        </p>
      </header>
      <form
        className="request"
        onSubmit={(event) => {
          event.preventDefault();
          void send(form);
        }}
        aria-label={`Request of ${operation.operationId}`}
      >
        {exampleNames.length > 0 && (
          <label>
            Example
            <select
              value={form.example ?? ''}
              onChange={(event) =>
                setFormState({
                  ...formFromExample(operation, event.target.value),
                  preferCode: form.preferCode,
                  preferExample: form.preferExample,
                  headers: form.headers,
                })
              }
            >
              {exampleNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        {(pathParameters.length > 0 || queryParameters.length > 0) && (
          <fieldset>
            <legend>Parameters</legend>
            <div className="params">
              {[...pathParameters, ...queryParameters].map((parameter) => {
                const part = parameter.in === 'path' ? 'path' : 'query';
                const id = `param-${part}-${parameter.name}`;
                const type = parameter.schema?.type;
                return (
                  <label key={id} htmlFor={id}>
                    <span>
                      {parameter.name}
                      <span className="muted">
                        {' '}
                        {part}
                        {typeof type === 'string' ? ` · ${type}` : ''}
                        {parameter.required ? ' · required' : ''}
                      </span>
                    </span>
                    <input
                      id={id}
                      value={form[part][parameter.name] ?? ''}
                      required={parameter.required}
                      onChange={(event) => setForm({ [part]: { ...form[part], [parameter.name]: event.target.value } })}
                    />
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
        {form.message !== undefined && isEnvelope(operation) && (
          <JsonEditor
            id="message"
            label="Query message (sent as .r, base64url JSON)"
            value={form.message}
            onChange={(message) => setForm({ message })}
            schema={messageSchema}
            check={check}
            root="query"
            malformed="not sent"
          />
        )}
        {form.body !== undefined && (
          <JsonEditor
            id="body"
            label="Body (JSON)"
            value={form.body}
            onChange={(body) => setForm({ body })}
            schema={bodySchema}
            check={check}
            root="body"
            malformed="sent as typed"
          />
        )}
        <HeadersEditor headers={form.headers ?? []} onChange={(headers) => setForm({ headers })} />
        <ScenarioBar
          operation={operation}
          form={form}
          setForm={setForm}
          controls={controls}
          session={session}
          controlsNotice={controlsNotice}
        />
        {built.problems.length > 0 && (
          <ul className="bad" data-testid="form-problems">
            {built.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="row actions">
          <button type="submit" className="primary" disabled={sending || !built.init}>
            {sending ? 'Sending…' : 'Send'}
          </button>
          {sending && (
            <button
              type="button"
              onClick={() => stopper.current?.abort(new DOMException('Stopped in the explorer before the answer ended', 'AbortError'))}
            >
              Stop
            </button>
          )}
          <button type="button" onClick={() => void copyCurl()} disabled={!built.init}>
            Copy as curl
          </button>
          <button type="button" onClick={() => void copyCode()} disabled={!built.init}>
            Copy as code
          </button>
          <label
            className="inline"
            title="createClient({ retry: true }): GET calls are sent again after 429, 502, 503, 504 or a network failure; a Retry-After is waited out"
          >
            <input type="checkbox" checked={retry} onChange={(event) => setRetry(event.target.checked)} />
            Retry as the runtime does (GET)
          </label>
        </div>
      </form>
      {copied && (
        <section className="copied" aria-label={copied.kind === 'curl' ? 'curl command' : 'code'}>
          <p role="status">{copied.note}</p>
          {copied.text && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard users (axe: scrollable-region-focusable).
            <pre data-testid={copied.kind === 'curl' ? 'curl' : 'code'} tabIndex={0}>
              {copied.text}
            </pre>
          )}
        </section>
      )}
      {sending ? (
        <section className="answer" aria-labelledby="answer-title" data-testid="waiting">
          <h3 id="answer-title">Answer</h3>
          <p className="status" role="status">
            Waiting for the answer… A body that stalls never ends: Stop gives up and shows what came.
          </p>
        </section>
      ) : (
        answer && <AnswerView outcome={answer.outcome} verdict={answer.verdict} stale={stale} />
      )}
    </article>
  );
};

export default OperationPanel;
