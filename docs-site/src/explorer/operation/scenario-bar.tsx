// The mock's scenario for this operation: `Prefer` (a declared status and its named example) sent with each
// call, and latency or a forced answer set on the mock for this operation in the session. What can be forced is
// read from its declarations: the operation's own error statuses (a code offered from the ones it declares for the
// chosen status; the mock refuses any other), the gateway answers of the platform's edge (with Retry-After where
// the edge sends it) and the connection faults.
import { useState } from 'react';
import { declaredCodes } from '../../../../spec-model/declared-codes';
import type { Operation } from '../../../../spec-model/document';
import { declaredResponse, declaredStatuses } from '../../../../spec-model/responses';
import {
  CONNECTION_FAULTS,
  type ConnectionFault,
  GATEWAY_STATUSES,
  isConnectionFault,
  RETRY_AFTER_STATUSES,
  statusText,
} from '../../../../src/protocol';
import type { ControlsNotice, ForcedFailureRequest, MockControls } from '../mock-controls';
import type { RequestForm } from '../request-form';

/** Each fault as a client meets it on the wire (the names are the protocol's: a new one fails to compile here). */
const FAULTS: Readonly<Record<ConnectionFault, { readonly what: string; readonly seen: string }>> = {
  reset: {
    what: 'connection reset before an answer',
    seen: 'fetch rejects, and the browser tells the page no more than that. A browser retries once by itself when a connection it reused is reset: force it twice or on every call to see it fail',
  },
  truncate: { what: 'body cut off half-way', seen: 'the status and headers come, then reading the body fails' },
  stall: { what: 'body stalls half-way', seen: 'the status and headers come, the body never ends (Stop gives up)' },
};

/** A description's Markdown `code` spans as code; the rest as text. */
const InlineCode = ({ text }: { readonly text: string }) => (
  <>
    {text.split(/`([^`]+)`/).map((part, index) =>
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text in its own order, never reordered.
      index % 2 === 1 ? <code key={index}>{part}</code> : part,
    )}
  </>
);

const isGateway = (status: number): boolean => (GATEWAY_STATUSES as readonly number[]).includes(status);

interface ScenarioBarProps {
  readonly operation: Operation;
  readonly form: RequestForm;
  readonly setForm: (patch: Partial<RequestForm>) => void;
  readonly controls: MockControls | undefined;
  readonly session: string;
  /** Why the mock's controls cannot be used (its health check answered 404, or nothing answered), if so. */
  readonly controlsNotice: ControlsNotice | undefined;
}

/** The forced answer chosen: nothing, a status (`'429'`) or a connection fault (`'reset'`). */
type Choice =
  | { readonly kind: 'none' }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'fault'; readonly fault: ConnectionFault };

const choiceOf = (value: string): Choice => {
  if (isConnectionFault(value)) return { kind: 'fault', fault: value };
  return /^\d{3}$/.test(value) ? { kind: 'status', status: Number(value) } : { kind: 'none' };
};

const timesText = (times: number | undefined): string =>
  times === undefined ? 'every call, until changed' : times === 1 ? 'the next call, then answers normally' : `the next ${times} calls`;

/** The control's answer put in words: what the next calls of the operation will meet. */
const describe = (failure: ForcedFailureRequest | undefined, latencyMs: number | undefined): string => {
  const delay = latencyMs ? ` after ${latencyMs} ms` : '';
  if (!failure) return `answers normally${delay}`;
  const what =
    'fault' in failure
      ? `${failure.fault} (${FAULTS[failure.fault].what})`
      : `${failure.status} ${statusText(failure.status)}${failure.code ? ` ${failure.code}` : ''}${
          failure.retryAfterSeconds !== undefined ? ` with Retry-After ${failure.retryAfterSeconds} s` : ''
        }`;
  return `${what}${delay} on ${timesText(failure.times)}`;
};

export const ScenarioBar = ({ operation, form, setForm, controls, session, controlsNotice }: ScenarioBarProps) => {
  const statuses = declaredStatuses(operation);
  const examples = form.preferCode ? Object.keys(declaredResponse(operation, Number(form.preferCode))?.json?.examples ?? {}) : [];
  const errorStatuses = statuses.filter((code) => code >= 400 && !isGateway(code));
  const gatewayStatuses = GATEWAY_STATUSES.filter((code) => statuses.includes(code));
  const [latency, setLatency] = useState('');
  const [forced, setForced] = useState('');
  const [failCode, setFailCode] = useState('');
  const [retryAfter, setRetryAfter] = useState('');
  const [failTimes, setFailTimes] = useState('');
  const [status, setStatus] = useState('');
  const choice = choiceOf(forced);
  const failCodes = choice.kind === 'status' ? (declaredCodes(operation, choice.status) ?? []) : [];
  const failCodesId = `fail-codes-${operation.operationId}`;
  const asksRetryAfter = choice.kind === 'status' && RETRY_AFTER_STATUSES.has(choice.status);
  const hint =
    choice.kind === 'fault'
      ? `${choice.fault}: ${FAULTS[choice.fault].what}; ${FAULTS[choice.fault].seen}.`
      : choice.kind === 'status'
        ? operation.responses[String(choice.status)]?.description
        : undefined;

  const failure = (): ForcedFailureRequest | undefined => {
    const times = failTimes === '' ? {} : { times: Number(failTimes) };
    if (choice.kind === 'fault') return { fault: choice.fault, ...times };
    if (choice.kind === 'none') return undefined;
    return {
      status: choice.status,
      ...(failCode && { code: failCode }),
      ...(asksRetryAfter && retryAfter !== '' && { retryAfterSeconds: Number(retryAfter) }),
      ...times,
    };
  };

  const apply = async () => {
    if (!controls) return;
    const forcedFailure = failure();
    const latencyMs = latency === '' ? undefined : Number(latency);
    // Nothing forced and no latency: a scenario of no latency replaces whatever was set, so the operation answers normally.
    const scenario = forcedFailure
      ? { ...(latencyMs !== undefined && { latencyMs }), failure: forcedFailure }
      : { latencyMs: latencyMs ?? 0 };
    setStatus('Applying…');
    const answer = await controls.setScenario(session, operation.operationId, scenario);
    setStatus(
      answer.ok
        ? `Scenario set on the mock for ${operation.operationId} in session ${session}: ${describe(forcedFailure, latencyMs)}.`
        : answer.message,
    );
  };

  return (
    <fieldset className="scenario" aria-describedby="scenario-status">
      <legend>Mock scenario</legend>
      <div className="row wrap">
        <label>
          Prefer status
          <select value={form.preferCode} onChange={(event) => setForm({ preferCode: event.target.value, preferExample: '' })}>
            <option value="">as the mock decides</option>
            {statuses.map((code) => (
              <option key={code} value={String(code)}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label>
          Prefer example
          <select
            value={form.preferExample}
            onChange={(event) => setForm({ preferExample: event.target.value })}
            disabled={examples.length === 0}
          >
            <option value="">{examples.length === 0 ? 'none named' : 'the first'}</option>
            {examples.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {controls && (
        <div className="row wrap force" data-testid="force">
          <label>
            Force on the mock
            <select
              value={forced}
              onChange={(event) => {
                setForced(event.target.value);
                setFailCode('');
              }}
            >
              <option value="">nothing: answer normally</option>
              <StatusGroup label="Errors the operation declares" statuses={errorStatuses} />
              <StatusGroup label="Gateway answers (the platform's edge)" statuses={gatewayStatuses} />
              <optgroup label="Connection faults">
                {CONNECTION_FAULTS.map((fault) => (
                  <option key={fault} value={fault}>
                    {fault}: {FAULTS[fault].what}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          {choice.kind === 'status' && (
            <label>
              code
              <input
                value={failCode}
                onChange={(event) => setFailCode(event.target.value)}
                placeholder={failCodes[0] ?? 'e.g. INTERNAL'}
                list={failCodesId}
                className="code-input"
              />
              <datalist id={failCodesId}>
                {failCodes.map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
            </label>
          )}
          {asksRetryAfter && (
            <label>
              Retry-After (s)
              <input
                type="number"
                min={0}
                max={86400}
                value={retryAfter}
                onChange={(event) => setRetryAfter(event.target.value)}
                placeholder="mock's"
                className="narrow"
              />
            </label>
          )}
          {choice.kind !== 'none' && (
            <label>
              times
              <input
                type="number"
                min={1}
                value={failTimes}
                onChange={(event) => setFailTimes(event.target.value)}
                placeholder="every"
                className="narrow"
              />
            </label>
          )}
          <label>
            Latency (ms)
            <input
              type="number"
              min={0}
              max={60000}
              value={latency}
              onChange={(event) => setLatency(event.target.value)}
              className="narrow"
            />
          </label>
          <button type="button" onClick={() => void apply()}>
            Apply to the mock
          </button>
        </div>
      )}
      {controls && hint && (
        <p className="muted force-hint" data-testid="force-hint">
          <InlineCode text={hint} />
        </p>
      )}
      {controls && controlsNotice?.unavailable && (
        <p className="notice" title={controlsNotice.message}>
          Latency and forced failures need the stateful mock (<code>MOCK_MODE=stateful</code>): this mock has no <code>/__mock/</code>{' '}
          controls.
        </p>
      )}
      {controls && controlsNotice && !controlsNotice.unavailable && (
        <p className="notice" data-testid="controls-unreachable">
          {controlsNotice.message}
        </p>
      )}
      <p id="scenario-status" className="status" role="status" data-testid="scenario-status">
        {status}
      </p>
    </fieldset>
  );
};

/** One group of statuses to force, each shown with its reason phrase. */
const StatusGroup = ({ label, statuses }: { label: string; statuses: readonly number[] }) => (
  <optgroup label={label}>
    {statuses.map((code) => (
      <option key={code} value={String(code)}>
        {code} {statusText(code)}
      </option>
    ))}
  </optgroup>
);
