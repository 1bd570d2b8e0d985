// The shipping option a request selects must be one the site has (else 428 SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND)
// and one it can use for this checkout: of the carrier named, still offered, serving the destination (else 428
// INVALID_SELECTED_CARRIER_SERVICE_OPTION). A checkout that selected an option the site has since discontinued
// keeps it until the order is created, which refuses it (order-placement-rules.ts).
import { offered, serves } from '../../computations/commerce-totals';
import type { ShippingOption, SiteSettings } from '../../engine/fixtures';
import type { CommerceSchema } from '../wire-types';
import { type CommerceCall, type Declaring, refuse } from './refusals';

type Address = CommerceSchema<'Address'>;

export interface WantedShipping {
  readonly code?: string;
  readonly carrierId?: string;
}

/** The site's option of that code (and carrier, when named), offered or not. */
export const shippingOptionNamed = (settings: SiteSettings, wanted: WantedShipping): ShippingOption | undefined =>
  settings.shippingOptions.find((option) => option.code === wanted.code && (!wanted.carrierId || option.carrierId === wanted.carrierId));

export const requireUsableShippingOption = <
  K extends Declaring<428, 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND'> & Declaring<428, 'INVALID_SELECTED_CARRIER_SERVICE_OPTION'>,
>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  wanted: WantedShipping | undefined,
  destination: Address | undefined,
): void => {
  if (!wanted?.code) return;
  const data = { code: wanted.code, ...(wanted.carrierId && { carrierId: wanted.carrierId }) };
  if (!settings.shippingOptions.some((option) => option.code === wanted.code))
    throw refuse(context, 428, 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND', `${wanted.code} is not a shipping option of the site`, data);
  const option = shippingOptionNamed(settings, wanted);
  if (!option)
    throw refuse(context, 428, 'INVALID_SELECTED_CARRIER_SERVICE_OPTION', `Carrier ${wanted.carrierId} has no option ${wanted.code}`, data);
  if (!offered(option))
    throw refuse(
      context,
      428,
      'INVALID_SELECTED_CARRIER_SERVICE_OPTION',
      `${option.title} is no longer offered (since ${option.discontinuedDate})`,
      data,
    );
  if (destination?.country && !serves(option, destination.country))
    throw refuse(context, 428, 'INVALID_SELECTED_CARRIER_SERVICE_OPTION', `${option.title} does not ship to ${destination.country}`, data);
};
