// The session's events, newest first: each with its type, entity id, who caused it, the explorer call that caused
// it (matched by request id in this browser's history, else the operation the mock names), its webhook deliveries
// and its payload.
import type { HistoryEntry } from './history';
import type { MockDelivery, MockEvent } from './mock-controls';

interface EventListProps {
  readonly events: readonly MockEvent[];
  readonly deliveries: readonly MockDelivery[] | undefined;
  readonly history: readonly HistoryEntry[];
}

const deliverySummary = (own: readonly MockDelivery[] | undefined): string => {
  if (own === undefined) return '';
  if (own.length === 0) return 'no webhook subscriber';
  const count = (status: MockDelivery['status']) => own.filter((delivery) => delivery.status === status).length;
  const parts = [`${count('delivered')} of ${own.length} delivered`];
  if (count('pending') > 0) parts.push(`${count('pending')} pending`);
  const failed = own.filter((delivery) => delivery.status === 'failed');
  if (failed.length > 0) parts.push(`${failed.length} failed (${failed[0]?.lastError ?? 'no answer'})`);
  return `webhooks: ${parts.join(', ')}`;
};

const causeOf = (event: MockEvent, history: readonly HistoryEntry[]): string => {
  const call = event.requestId ? history.find((entry) => entry.requestId === event.requestId) : undefined;
  if (call) return `${call.method.toUpperCase()} ${call.path} → ${call.status} (${call.operationId})`;
  return event.operationId ? `${event.operationId}` : 'a call outside this explorer';
};

export const EventList = ({ events, deliveries, history }: EventListProps) => {
  const byEvent = new Map<string, MockDelivery[]>();
  for (const delivery of deliveries ?? []) byEvent.set(delivery.eventId, [...(byEvent.get(delivery.eventId) ?? []), delivery]);
  return (
    <ol className="events" data-testid="events">
      {events.map((event) => (
        <li key={event.id} data-testid="event" data-request-id={event.requestId}>
          <details>
            <summary>
              <code data-testid="event-type">{event.eventType}</code>{' '}
              <span className="muted" data-testid="event-entity">
                {event.entityId}
              </span>
              <br />
              <span className="muted" data-testid="event-cause">
                caused by {causeOf(event, history)}
                {event.identity && ` · ${event.identity.identityType}`}
              </span>
              {deliveries !== undefined && (
                <>
                  <br />
                  <span className="muted" data-testid="event-delivery">
                    {deliverySummary(byEvent.get(event.id) ?? [])}
                  </span>
                </>
              )}
            </summary>
            {event.requestId && <p className="muted">request id {event.requestId}</p>}
            <pre data-testid="event-payload">{JSON.stringify(event.payload, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
};
