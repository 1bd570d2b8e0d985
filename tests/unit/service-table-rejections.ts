// What defineService must refuse to compile, one case per `@ts-expect-error`: `npm run lint` (tsc) fails when a
// case compiles after all (its directive is then unused), and service-table.test.ts compiles this file without
// the directives to check that each case is refused with the error it names.
import { defineService } from '../../mock/engine/service-table';
import { eventsOf } from '../../mock/services/event-types';

const CART_EVENTS = eventsOf('wix.ecom.v1.cart');

export const unknownOperation = defineService('commerce', {
  // @ts-expect-error TS2561 an operationId the family does not declare (a misspelling of getCurrentCart)
  getCurrentCartt: { access: 'shopper', handle: async () => ({ body: {} }) },
});

export const otherFamily = defineService('commerce', {
  // @ts-expect-error TS2353 an operation of the other family
  getProduct: { access: 'shopper', handle: async () => ({ body: {} }) },
});

export const wrongAnswerBody = defineService('commerce', {
  getCurrentCart: {
    access: 'shopper',
    // @ts-expect-error TS2322 an answer body the operation does not declare (the cart's id is a string)
    handle: async () => ({ body: { cart: { id: 42 } } }),
  },
});

export const foreignAnswerBody = defineService('commerce', {
  getCurrentCart: {
    access: 'shopper',
    // @ts-expect-error TS2322 an answer with nothing in common with the declared body
    handle: async () => ({ body: { checkout: {} } }),
  },
});

export const undeclaredStatus = defineService('platform', {
  logout: {
    access: 'anyone',
    // @ts-expect-error TS2322 a status the operation does not declare (it redirects with 302)
    handle: async () => ({ status: 303, headers: { location: '/' } }),
  },
});

export const unknownPathParameter = defineService('commerce', {
  getCheckout: {
    access: 'shopper',
    async handle(context) {
      // @ts-expect-error TS2339 a path parameter the operation does not declare
      const id: string = context.path.checkoutId;
      return { body: { checkout: { id, createdDate: '', updatedDate: '' } } };
    },
  },
});

export const wrongBodyField = defineService('commerce', {
  addToCurrentCart: {
    access: 'shopper',
    async handle(context) {
      // @ts-expect-error TS2339 a request body field the operation does not declare
      const items = context.body.items;
      return { body: { cart: { id: '', createdDate: '', updatedDate: '', lineItems: items } } };
    },
  },
});

export const misspeltEvent = defineService('commerce', {
  deleteCurrentCart: {
    access: 'shopper',
    async handle(context) {
      // @ts-expect-error TS2339 an event type the catalog does not have
      context.emit(CART_EVENTS.removed, 'id', { deletedEvent: {} });
      return { body: {} };
    },
  },
});

export const wrongEventBody = defineService('commerce', {
  deleteCurrentCart: {
    access: 'shopper',
    async handle(context) {
      // @ts-expect-error TS2353 a body the event does not carry (a deleted event has no created entity)
      context.emit(CART_EVENTS.deleted, 'id', { createdEvent: { entity: {} } });
      return { body: {} };
    },
  },
});
