// Redirect sessions for every intent: the URL a visitor is sent to on the site (checkout, product page, account
// section, bookings, events, paid plans, login) or on the mock's own sign-in pages (authorize, logout), which
// know the session the sign-in belongs to.
import { mockRedirectUrl } from '../../auth-scenarios';
import { invalidField } from '../../engine/failure';
import { readSettings } from '../../engine/fixtures';
import { defineService } from '../../engine/service-table';
import { COLLECTIONS } from '../records';
import type { PlatformBody } from '../wire-types';
import { notFound } from './refusals';

type Request = PlatformBody<'createRedirectSession'>;

const INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'memberAccountPage',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
] as const;

/** The site page an intent leads to, with its parameters. */
const sitePage = (request: Request): { path: string; params: Record<string, string> } => {
  if (request.ecomCheckout)
    return { path: '/checkout', params: { ...(request.ecomCheckout.checkoutId && { checkoutId: request.ecomCheckout.checkoutId }) } };
  if (request.bookingsCheckout)
    return {
      path: '/booking-checkout',
      params: { ...(request.bookingsCheckout.timezone && { timezone: request.bookingsCheckout.timezone }) },
    };
  if (request.eventsCheckout)
    return {
      path: `/event-details/${request.eventsCheckout.eventSlug ?? ''}/checkout`,
      params: { ...(request.eventsCheckout.reservationId && { reservationId: request.eventsCheckout.reservationId }) },
    };
  if (request.paidPlansCheckout)
    return { path: '/plans-checkout', params: { ...(request.paidPlansCheckout.planId && { planId: request.paidPlansCheckout.planId }) } };
  if (request.memberAccountPage)
    return { path: `/account/${(request.memberAccountPage.section ?? 'ACCOUNT_INFO').toLowerCase().replace(/_/g, '-')}`, params: {} };
  if (request.storesProduct) return { path: `/product-page/${request.storesProduct.productSlug ?? ''}`, params: {} };
  if (request.bookingsBook)
    return {
      path: '/booking-calendar',
      params: { ...(request.bookingsBook.resourceId && { resourceId: request.bookingsBook.resourceId }) },
    };
  if (request.ecomOrderPaymentRequest)
    return {
      path: '/payment-request',
      params: {
        ...(request.ecomOrderPaymentRequest.paymentRequestId && { paymentRequestId: request.ecomOrderPaymentRequest.paymentRequestId }),
      },
    };
  return { path: '/login', params: {} };
};

export const redirectSessionOperations = defineService('platform', {
  createRedirectSession: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const intents = INTENTS.filter((intent) => request[intent] !== undefined);
      if (intents.length !== 1)
        throw invalidField(
          'body',
          `needs exactly one intent (${INTENTS.join(', ')}); it has ${intents.length ? intents.join(', ') : 'none'}`,
        );
      // The site's checkout page opens a checkout the site has; naming none leaves the page to make one.
      const checkoutId = request.ecomCheckout?.checkoutId;
      if (checkoutId && !(await context.store.get(COLLECTIONS.checkouts, checkoutId))) throw notFound(context, 'Checkout', checkoutId);
      const settings = await readSettings(context.store);
      let fullUrl = mockRedirectUrl(context.publicUrl, request, { mock_session: context.session });
      if (!fullUrl) {
        const { path, params } = sitePage(request);
        const url = new URL(path, settings.siteUrl);
        for (const [name, value] of Object.entries({
          ...params,
          ...(request.preferences?.additionalQueryParameters as Record<string, string> | undefined),
        }))
          url.searchParams.set(name, String(value));
        if (request.callbacks?.postFlowUrl) url.searchParams.set('postFlowUrl', request.callbacks.postFlowUrl);
        fullUrl = url.toString();
      }
      if (fullUrl.length > 2048)
        throw invalidField(intents[0] as string, `makes a redirect URL of ${fullUrl.length} characters: at most 2048`, 'MAX_LENGTH');
      const parsed = new URL(fullUrl);
      const id = context.newId();
      return {
        body: {
          redirectSession: {
            id,
            fullUrl,
            urlDetails: { endpoint: `${parsed.origin}${parsed.pathname}`, searchParams: Object.fromEntries(parsed.searchParams) },
            sessionToken: `JWS.mock-redirect.${id.replace(/-/g, '')}`,
            shortUrl: `${settings.siteUrl.replace(/\/+$/, '')}/r/${id.slice(0, 8)}`,
          },
        },
      };
    },
  },
});
