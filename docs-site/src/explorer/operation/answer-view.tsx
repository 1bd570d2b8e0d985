// One answer: status, time, request id, Retry-After, the headers the browser may read, the body (wrapped, copyable,
// its values kept for the next call), the runtime's error with its field violations, and the contract verdict; a
// connection that failed, before the answer or in its body, in the browser's words; every attempt when there were
// several. An answer to a request that has been edited since is marked stale.
import { useState } from 'react';
import { ApiError, ApplicationError, SystemError, ValidationError } from '../../../../src/index';
import { REQUEST_ID_HEADER } from '../../../../src/protocol';
import type { CallOutcome, NetworkFailure, WireExchange } from '../connection';
import type { ContractVerdict } from './contract-verdict';
import { ViolationList } from './json-editor';
import { KeepValue } from './keep-value';
import { ProxyVerdict } from './proxy-verdict';

const parsed = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const ErrorView = ({ error }: { readonly error: unknown }) => {
  if (!(error instanceof ApiError)) {
    return (
      <div className="error" data-testid="error">
        <p>
          <strong>{error instanceof Error ? error.name : 'Error'}</strong>: {error instanceof Error ? error.message : String(error)}
        </p>
      </div>
    );
  }
  const cause = error instanceof SystemError && error.cause instanceof Error ? error.cause.message : undefined;
  return (
    <div className="error" data-testid="error">
      <p>
        Thrown: <strong data-testid="error-name">{error.name}</strong> {error.message}
      </p>
      {error instanceof ApplicationError && (
        <p>
          code <code>{error.code}</code> · {error.description}
        </p>
      )}
      {error instanceof ValidationError && <ViolationList violations={error.fieldViolations} testId="error-violations" />}
      {error.retryAfterMs !== undefined && (
        <p>
          <code>retryAfterMs</code> {error.retryAfterMs}: the server asks the caller to wait this long before sending it again.
        </p>
      )}
      {cause && <p className="muted">cause: {cause}</p>}
    </div>
  );
};

const headerOf = (exchange: WireExchange, name: string): string | undefined =>
  exchange.responseHeaders.find(([header]) => header === name)?.[1];

const RetryAfter = ({ exchange }: { readonly exchange: WireExchange }) => {
  const value = headerOf(exchange, 'retry-after');
  if (value === undefined) return null;
  return (
    <span className="retry-after" data-testid="retry-after">
      Retry-After <strong>{value}</strong>
      {/^\d+$/.test(value) ? ' s' : ''}
    </span>
  );
};

/** The connection's failure as a person reads it: where it broke, what came before, and the browser's own words. */
const NetworkFailureView = ({ failure }: { readonly failure: NetworkFailure }) => (
  <div className="verdict bad" data-testid="network-failure">
    {failure.stage === 'answer' ? (
      <p>
        <strong>✗ No answer</strong>: the connection failed before any status came.
      </p>
    ) : (
      <p>
        <strong>{failure.message.startsWith('AbortError') ? '✗ Stopped' : '✗ The body broke off'}</strong> after {failure.receivedBytes}
        {failure.declaredBytes !== undefined ? ` of the ${failure.declaredBytes} bytes its Content-Length declares` : ' bytes'} had come.
      </p>
    )}
    <p>
      The browser says <code data-testid="network-error">{failure.message}</code>
      {failure.stage === 'answer' && (
        <span className="muted"> (it keeps the cause, such as a reset, from the page: the devtools Network tab names it)</span>
      )}
    </p>
  </div>
);

const attemptLine = (exchange: WireExchange): string => {
  const { networkFailure } = exchange;
  if (networkFailure?.stage === 'answer') return `no answer (${networkFailure.message})`;
  const retryAfter = headerOf(exchange, 'retry-after');
  return [
    `${exchange.status} ${exchange.statusText}`.trim(),
    ...(retryAfter !== undefined ? [`Retry-After ${retryAfter}`] : []),
    ...(networkFailure ? [`body broke off (${networkFailure.message})`] : []),
    `${exchange.durationMs} ms`,
  ].join(' · ');
};

interface AnswerViewProps {
  readonly outcome: CallOutcome;
  readonly verdict: ContractVerdict | undefined;
  /** The request was edited after this answer came. */
  readonly stale: boolean;
}

export const AnswerView = ({ outcome, verdict, stale }: AnswerViewProps) => {
  const { exchange } = outcome;
  const requestId = exchange?.responseHeaders.find(([name]) => name === REQUEST_ID_HEADER)?.[1];
  const body = exchange?.responseText ? parsed(exchange.responseText) : undefined;
  const shown = exchange?.responseText ? (body?.ok ? JSON.stringify(body.value, null, 2) : exchange.responseText) : '(empty)';
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied('Answer copied to the clipboard.');
    } catch {
      setCopied('The clipboard refused: select the body and copy it.');
    }
  };
  return (
    <section className={stale ? 'answer stale' : 'answer'} aria-labelledby="answer-title" data-testid="answer" data-stale={stale}>
      <h3 id="answer-title">Answer</h3>
      {stale && (
        <p className="notice" data-testid="stale">
          Stale: the request was edited after this answer. Send it again for an answer to what is on screen.
        </p>
      )}
      {exchange?.networkFailure?.stage === 'answer' ? (
        <p className="status-line">
          <span className="status bad" data-testid="status">
            no answer
          </span>
          <span>{exchange.durationMs} ms</span>
        </p>
      ) : exchange ? (
        <p className="status-line">
          <span className={exchange.status < 400 && !exchange.networkFailure ? 'status ok' : 'status bad'} data-testid="status">
            {exchange.status} {exchange.statusText}
          </span>
          <RetryAfter exchange={exchange} />
          <span>
            {exchange.durationMs} ms{outcome.totalMs > exchange.durationMs + 5 ? ` (${outcome.totalMs} ms with auth)` : ''}
          </span>
          {requestId && (
            <span>
              request id <code data-testid="request-id">{requestId}</code>
            </span>
          )}
        </p>
      ) : (
        <p className="status-line">
          <span className="status bad" data-testid="status">
            not sent
          </span>
        </p>
      )}
      {outcome.attempts.length > 1 && <p className="attempts-title">{outcome.attempts.length} attempts, the last one shown:</p>}
      {outcome.attempts.length > 1 && (
        <ol className="attempts" aria-label="Attempts" data-testid="attempts">
          {outcome.attempts.map((attempt, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: attempts are kept in the order they were made and never reordered.
            <li key={index}>{attemptLine(attempt)}</li>
          ))}
        </ol>
      )}
      {exchange?.networkFailure && <NetworkFailureView failure={exchange.networkFailure} />}
      {outcome.error !== undefined && <ErrorView error={outcome.error} />}
      {verdict?.mockFailure !== undefined && (
        <div className="verdict bad" data-testid="verdict">
          <p>
            <strong>✗ Mock failure</strong>: the mock could not answer this call, so there is no answer of the operation to check.
          </p>
          <p className="muted" data-testid="mock-failure">
            {verdict.mockFailure}
          </p>
        </div>
      )}
      {verdict && verdict.mockFailure === undefined && (
        <div className={verdict.ok ? 'verdict ok' : 'verdict bad'} data-testid="verdict">
          <p>
            <strong>{verdict.ok ? '✓ Matches the contract' : `✗ Breaks the contract (${verdict.violations.length})`}</strong>: checked
            against {verdict.against}.
          </p>
          {verdict.violations.length > 0 && <ViolationList violations={verdict.violations} testId="verdict-violations" />}
        </div>
      )}
      <ProxyVerdict exchange={exchange} />
      {exchange && exchange.networkFailure?.stage !== 'answer' && (
        <>
          <details>
            <summary>Headers ({exchange.responseHeaders.length} the browser may read)</summary>
            <dl className="headers">
              {exchange.responseHeaders.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
          <div className="row editor-head">
            <h4>{exchange.networkFailure ? `Body, as far as it came (${exchange.networkFailure.receivedBytes} bytes)` : 'Body'}</h4>
            <button type="button" onClick={() => void copy()}>
              Copy answer
            </button>
            <span className="status" role="status" data-testid="copy-status">
              {copied}
            </span>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard users (axe: scrollable-region-focusable). */}
          <pre className="body" data-testid="response-body" tabIndex={0}>
            {shown}
          </pre>
          {body?.ok && <KeepValue key={exchange.responseText} body={body.value} />}
        </>
      )}
    </section>
  );
};
