// One answer: status, time, request id, the headers the browser may read, the body, the runtime's error with its
// field violations, and the contract verdict.
import { ApiError, ApplicationError, SystemError, ValidationError } from '../../../../src/index';
import { REQUEST_ID_HEADER } from '../../../../src/protocol';
import type { CallOutcome } from '../connection';
import type { ContractVerdict } from './contract-verdict';
import { ViolationList } from './json-editor';
import { ProxyVerdict } from './proxy-verdict';

const prettyBody = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
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
      {cause && <p className="muted">cause: {cause}</p>}
    </div>
  );
};

export const AnswerView = ({ outcome, verdict }: { readonly outcome: CallOutcome; readonly verdict: ContractVerdict | undefined }) => {
  const { exchange } = outcome;
  const requestId = exchange?.responseHeaders.find(([name]) => name === REQUEST_ID_HEADER)?.[1];
  return (
    <section className="answer" aria-labelledby="answer-title" data-testid="answer">
      <h3 id="answer-title">Answer</h3>
      {exchange ? (
        <p className="status-line">
          <span className={exchange.status < 400 ? 'status ok' : 'status bad'} data-testid="status">
            {exchange.status} {exchange.statusText}
          </span>
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
      {exchange && (
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
          <h4>Body</h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard users (axe: scrollable-region-focusable). */}
          <pre className="body" data-testid="response-body" tabIndex={0}>
            {exchange.responseText ? prettyBody(exchange.responseText) : '(empty)'}
          </pre>
        </>
      )}
    </section>
  );
};
