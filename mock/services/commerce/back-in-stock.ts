// Back-in-stock notification requests: a shopper asks (RECEIVED; one open request per e-mail and item; refused
// for the items of a catalogue app the site collects no requests for, Wix Stores only by default), the
// merchant reports items back in stock (RECEIVED -> PROCESSING -> NOTIFICATION_SENT, or FAILED when the address
// says "fail") or marks a request as notified by hand, counts open requests per item and queries them.
import { cursorPage, cursorQuery, offsetPage } from '../../computations/paging';
import { query, readFilter, readSort } from '../../computations/query-language';
import { readSettings } from '../../engine/fixtures';
import { type CallContext, defineService } from '../../engine/service-table';
import { eventsOf } from '../event-types';
import { STORES_APP_ID } from '../platform/recommendations';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { CommerceBody, CommerceSchema, Stored } from '../wire-types';
import { sameItem } from './catalog-lines';
import { type CommerceCall, type Declaring, refuse } from './refusals';

type NotificationRequest = Stored<CommerceSchema<'BackInStockNotificationRequest'>, 'id' | 'createdDate'>;

const BACK_IN_STOCK_EVENTS = eventsOf('wix.ecom.v1.back_in_stock_notification_request');

const requestOr404 = async <K extends Declaring<404, 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND'>>(
  context: CommerceCall<K>,
  id: string,
): Promise<NotificationRequest> => {
  const request = await context.store.get(COLLECTIONS.backInStockRequests, id);
  if (!request)
    throw refuse(context, 404, 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND', `Back-in-stock notification request ${id} was not found`);
  return request;
};

const save = async (context: CallContext, request: NotificationRequest, isNew = false): Promise<NotificationRequest> => {
  await saveAndEmit(
    context,
    COLLECTIONS.backInStockRequests,
    request,
    isNew ? BACK_IN_STOCK_EVENTS.created : BACK_IN_STOCK_EVENTS.updated,
    isNew ? { createdEvent: { entity: request } } : { updatedEvent: { currentEntity: request } },
  );
  return request;
};

const page = async (context: CallContext, message: CommerceBody<'queryBackInStockNotificationRequestsFallback'> | undefined) => {
  const request = message?.query;
  const all = await context.store.list(COLLECTIONS.backInStockRequests);
  if (request?.paging && !request.cursorPaging) {
    const matching = query(all, readFilter(request.filter, 'query.filter'), readSort(request.sort, 'query.sort'));
    const offset = offsetPage(matching, request.paging);
    return { requests: offset.items, metadata: { count: offset.items.length, offset: offset.offset, total: offset.total } };
  }
  const at = cursorQuery({
    ...(request?.filter && { filter: readFilter(request.filter, 'query.filter') }),
    ...(request?.sort && { sort: request.sort }),
    ...(request?.cursorPaging && { cursorPaging: request.cursorPaging }),
  });
  const matching = query(all, at.filter, at.sort?.length ? at.sort : [{ fieldName: 'createdDate', order: 'DESC' }]);
  const cursor = cursorPage(matching, at);
  return {
    requests: cursor.items,
    metadata: { count: cursor.items.length, offset: at.offset, total: matching.length, cursors: cursor.cursors },
  };
};

export const backInStockOperations = defineService('commerce', {
  createBackInStockNotificationRequest: {
    access: 'shopper',
    async handle(context) {
      const { request } = context.body;
      const { appId } = request.catalogReference;
      const states = (await readSettings(context.store)).backInStockCollectionStates ?? [
        { appId: STORES_APP_ID, collectingRequests: true },
      ];
      if (!states.some((state) => state.appId === appId && state.collectingRequests)) {
        throw refuse(
          context,
          428,
          'REQUEST_COLLECTION_DISABLED',
          `The site does not collect back-in-stock requests for items of app ${appId}`,
          {
            appId,
          },
        );
      }
      const open = (await context.store.list(COLLECTIONS.backInStockRequests)).find(
        (existing) =>
          existing.status === 'RECEIVED' &&
          existing.email?.toLowerCase() === request.email.toLowerCase() &&
          sameItem(existing.catalogReference, request.catalogReference),
      );
      if (open)
        throw refuse(
          context,
          409,
          'BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS',
          `${request.email} already waits for this item (request ${open.id})`,
        );
      const created: NotificationRequest = {
        ...request,
        id: context.newId(),
        contactId: context.newId(),
        status: 'RECEIVED',
        autoNotified: false,
        createdDate: context.now(),
      };
      return { body: { request: await save(context, created, true) } };
    },
  },
  getBackInStockNotificationRequest: {
    access: 'merchant',
    handle: async (context) => ({ body: { request: await requestOr404(context, context.path.id) } }),
  },
  deleteBackInStockNotificationRequest: {
    access: 'merchant',
    async handle(context) {
      const request = await requestOr404(context, context.path.id);
      await context.store.remove(COLLECTIONS.backInStockRequests, request.id as string);
      context.emit(BACK_IN_STOCK_EVENTS.deleted, request.id as string, { deletedEvent: { deletedEntity: request } });
      return { body: {} };
    },
  },
  markBackInStockNotificationRequestAsNotificationSent: {
    access: 'merchant',
    async handle(context) {
      const request = await requestOr404(context, context.path.id);
      return { body: { request: await save(context, { ...request, status: 'NOTIFICATION_SENT', autoNotified: false }) } };
    },
  },
  queryBackInStockNotificationRequests: {
    access: 'merchant',
    handle: async (context) => ({ body: await page(context, context.query['.r']) }),
  },
  queryBackInStockNotificationRequestsFallback: {
    access: 'merchant',
    handle: async (context) => ({ body: await page(context, context.body) }),
  },
  countBackInStockNotificationRequestsByCatalogReference: {
    access: 'merchant',
    async handle(context) {
      const { catalogReferences = [] } = context.query['.r'] ?? {};
      const open = (await context.store.list(COLLECTIONS.backInStockRequests)).filter((request) => request.status === 'RECEIVED');
      return {
        body: {
          countsPerCatalogReference: catalogReferences.map((catalogReference) => ({
            catalogReference,
            count: open.filter((request) => sameItem(request.catalogReference, catalogReference)).length,
          })),
        },
      };
    },
  },
  reportItemsBackInStock: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      if (request.catalogReference && request.requestIds?.length) {
        throw refuse(
          context,
          400,
          'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
          'Send either catalogReference or requestIds, not both',
        );
      }
      const all = await context.store.list(COLLECTIONS.backInStockRequests);
      const chosen = all.filter(
        (candidate) =>
          candidate.status === 'RECEIVED' &&
          (request.requestIds?.length
            ? request.requestIds.includes(candidate.id)
            : sameItem(candidate.catalogReference, request.catalogReference)),
      );
      for (const candidate of chosen) {
        // The platform processes the notifications asynchronously; the mock passes through PROCESSING at once.
        await save(context, { ...candidate, status: 'PROCESSING' });
        await save(context, {
          ...candidate,
          status: /fail/i.test(candidate.email ?? '') ? 'FAILED' : 'NOTIFICATION_SENT',
          autoNotified: true,
        });
      }
      return { body: {} };
    },
  },
});
