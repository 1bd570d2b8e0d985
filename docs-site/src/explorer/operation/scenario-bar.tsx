// The mock's scenario for this operation: `Prefer` (a declared status and its named example) sent with each
// call, and latency or a forced failure set on the mock for this operation in the session. A forced failure's
// code is offered from the codes the operation declares for the chosen status (the mock refuses any other).
import { useState } from 'react';
import { declaredCodes } from '../../../../spec-model/declared-codes';
import type { Operation } from '../../../../spec-model/document';
import { declaredResponse, declaredStatuses } from '../../../../spec-model/responses';
import type { ControlsNotice, MockControls } from '../mock-controls';
import type { RequestForm } from '../request-form';

interface ScenarioBarProps {
  readonly operation: Operation;
  readonly form: RequestForm;
  readonly setForm: (patch: Partial<RequestForm>) => void;
  readonly controls: MockControls | undefined;
  readonly session: string;
  /** Why the mock's controls cannot be used (its health check answered 404, or nothing answered), if so. */
  readonly controlsNotice: ControlsNotice | undefined;
}

export const ScenarioBar = ({ operation, form, setForm, controls, session, controlsNotice }: ScenarioBarProps) => {
  const statuses = declaredStatuses(operation);
  const examples = form.preferCode ? Object.keys(declaredResponse(operation, Number(form.preferCode))?.json?.examples ?? {}) : [];
  const [latency, setLatency] = useState('');
  const [failStatus, setFailStatus] = useState('');
  const [failCode, setFailCode] = useState('');
  const [failTimes, setFailTimes] = useState('');
  const [status, setStatus] = useState('');
  const failCodes = failStatus === '' ? [] : (declaredCodes(operation, Number(failStatus)) ?? []);
  const failCodesId = `fail-codes-${operation.operationId}`;

  const apply = async () => {
    if (!controls) return;
    const scenario = {
      ...(latency !== '' && { latencyMs: Number(latency) }),
      ...(failStatus !== '' && {
        failure: { status: Number(failStatus), ...(failCode && { code: failCode }), ...(failTimes !== '' && { times: Number(failTimes) }) },
      }),
    };
    setStatus('Applying…');
    const answer = await controls.setScenario(session, operation.operationId, scenario);
    setStatus(answer.ok ? `Scenario set on the mock for ${operation.operationId} in session ${session}.` : answer.message);
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
        {controls && (
          <>
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
            <label>
              Fail with status
              <select value={failStatus} onChange={(event) => setFailStatus(event.target.value)}>
                <option value="">no failure</option>
                {statuses
                  .filter((code) => code >= 400)
                  .map((code) => (
                    <option key={code} value={String(code)}>
                      {code}
                    </option>
                  ))}
              </select>
            </label>
            <label>
              code
              <input
                value={failCode}
                onChange={(event) => setFailCode(event.target.value)}
                placeholder={failCodes[0] ?? 'e.g. INTERNAL'}
                list={failCodesId}
                className="narrow"
              />
              <datalist id={failCodesId}>
                {failCodes.map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
            </label>
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
            <button type="button" onClick={() => void apply()}>
              Apply to the mock
            </button>
          </>
        )}
      </div>
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
