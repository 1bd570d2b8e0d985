// A recorded cart event whose payload carries about `bytes` of text: what the byte-capped logs are filled with.
import type { RecordedEvent } from '../../mock/engine/events';

export const sizedEvent = (index: number, bytes: number, session: string): RecordedEvent => ({
  id: `e-${index}`,
  eventType: 'wix.ecom.v1.cart_updated',
  entityFqdn: 'wix.ecom.v1.cart',
  slug: 'updated',
  entityId: 'cart',
  eventTime: '2026-01-01T00:00:00.000Z',
  identity: { identityType: 'UNKNOWN' },
  session,
  operationId: 'updateCurrentCart',
  requestId: `r-${index}`,
  payload: { updatedEvent: { currentEntity: { note: 'x'.repeat(bytes) } } },
});
