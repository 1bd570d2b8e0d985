// The mock session the explorer's calls are scoped to, the mock's health, reset, and the events the session's
// calls caused, live (newest first, with their webhook deliveries). Each part says plainly when the running mock
// has no such control.
import { useCallback, useEffect, useState } from 'react';
import { EventList } from './event-list';
import { useHistory } from './history';
import type { ControlsNotice, MockControls, MockDelivery, MockEvent, MockHealth } from './mock-controls';
import type { Settings } from './settings';

interface MockPanelProps {
  readonly settings: Settings;
  readonly update: (patch: Partial<Settings>) => void;
  readonly controls: MockControls;
  readonly health: { readonly value?: MockHealth; readonly notice?: ControlsNotice } | undefined;
  /** Changes after every call the explorer sends: the events are read again. */
  readonly callCount: number;
}

/** How often the events are read again while the explorer is open: events also come from calls made elsewhere. */
const LIVE_EVERY_MS = 2000;

export const MockPanel = ({ settings, update, controls, health, callCount }: MockPanelProps) => {
  const [status, setStatus] = useState('');
  const [events, setEvents] = useState<{ list?: readonly MockEvent[]; deliveries?: readonly MockDelivery[]; notice?: string }>({});
  const history = useHistory();
  const available = health?.value !== undefined;

  const refresh = useCallback(async () => {
    const [answer, deliveries] = await Promise.all([controls.events(settings.session), controls.deliveries(settings.session)]);
    // A mock without webhook controls still lists its events.
    setEvents(
      answer.ok
        ? { list: answer.value.events, ...(deliveries.ok && { deliveries: deliveries.value.deliveries }) }
        : { notice: answer.message },
    );
  }, [controls, settings.session]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: callCount is the trigger: the list is read again after each call.
  useEffect(() => {
    if (available) void refresh();
  }, [available, refresh, callCount]);

  useEffect(() => {
    if (!available) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, LIVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [available, refresh]);

  const reset = async () => {
    setStatus('Resetting…');
    const answer = await controls.reset(settings.session);
    setStatus(answer.ok ? `Session ${settings.session} reset.` : answer.message);
    if (answer.ok) void refresh();
  };

  const clear = async () => {
    const answer = await controls.clearScenarios(settings.session);
    setStatus(answer.ok ? `Scenarios cleared (${answer.value.cleared}).` : answer.message);
  };

  return (
    <section className="panel" aria-labelledby="mock-title">
      <h2 id="mock-title">Mock session</h2>
      {settings.target === 'custom' ? (
        <p className="muted">Calls go to {settings.customUrl}: the mock's controls apply to the mock only.</p>
      ) : (
        <>
          <label>
            <span>
              Session (<code>x-mock-session</code>)
            </span>
            <input value={settings.session} onChange={(event) => update({ session: event.target.value.trim() })} autoComplete="off" />
          </label>
          <p className="muted" data-testid="mock-health">
            {health === undefined
              ? 'Asking the mock…'
              : health.value
                ? `Mock: ${health.value.mode} mode, ${health.value.sessions.length} session(s).`
                : health.notice?.message}
          </p>
          <div className="row">
            <button type="button" onClick={() => void reset()}>
              Reset session
            </button>
            <button type="button" onClick={() => void clear()}>
              Clear scenarios
            </button>
          </div>
          <p className="status" role="status" data-testid="mock-status">
            {status}
          </p>
          <h3>Events (live)</h3>
          {events.notice && <p className="notice">{events.notice}</p>}
          {!available && !events.notice && <p className="muted">The events of this session appear here when the mock keeps them.</p>}
          {events.list && events.list.length === 0 && <p className="muted">No events in this session yet.</p>}
          {events.list && events.list.length > 0 && <EventList events={events.list} deliveries={events.deliveries} history={history} />}
          {available && (
            <button type="button" onClick={() => void refresh()}>
              Refresh events
            </button>
          )}
        </>
      )}
    </section>
  );
};
