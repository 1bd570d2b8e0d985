// Every operation of both families, one service per file, merged by operationId. An operation no service
// implements, or one implemented twice, is a compile error (and, twice, an error at start as well).
import type { ServiceOperations, Services } from '../engine/operation';
import type { ImplementedTwice, Unimplemented } from '../engine/service-table';
import { backInStockOperations } from './commerce/back-in-stock';
import { checkoutOperations } from './commerce/checkout';
import { currentCartOperations } from './commerce/current-cart';
import { orderOperations } from './commerce/orders';
import { paymentsCollectorOperations } from './commerce/payments-collector';
import { authenticationOperations } from './platform/authentication';
import { catalogueOperations } from './platform/catalogue';
import { collectionOperations } from './platform/collections';
import { mediaOperations } from './platform/media';
import { hostedSignInMember } from './platform/member-accounts';
import { memberOperations } from './platform/members';
import { recommendationOperations } from './platform/recommendations';
import { redirectSessionOperations } from './platform/redirect-sessions';
import { reviewOperations } from './platform/reviews';
import { RECORD_SCHEMAS } from './records';

const SERVICES_BY_NAME = {
  'commerce/current-cart': currentCartOperations,
  'commerce/checkout': checkoutOperations,
  'commerce/orders': orderOperations,
  'commerce/payments-collector': paymentsCollectorOperations,
  'commerce/back-in-stock': backInStockOperations,
  'platform/catalogue': catalogueOperations,
  'platform/collections': collectionOperations,
  'platform/recommendations': recommendationOperations,
  'platform/media': mediaOperations,
  'platform/members': memberOperations,
  'platform/reviews': reviewOperations,
  'platform/redirect-sessions': redirectSessionOperations,
  'platform/authentication': authenticationOperations,
} as const satisfies Readonly<Record<string, ServiceOperations>>;

/** Compiles only when `Ids` is empty; the error names the operationIds. */
type NoneOf<Ids extends never> = Ids;
export type EveryOperationImplemented = NoneOf<Unimplemented<typeof SERVICES_BY_NAME>>;
export type NoOperationImplementedTwice = NoneOf<ImplementedTwice<typeof SERVICES_BY_NAME>>;

const merge = (): ServiceOperations => {
  const all: Record<string, ServiceOperations[string]> = {};
  for (const [service, operations] of Object.entries<ServiceOperations>(SERVICES_BY_NAME)) {
    for (const [operationId, operation] of Object.entries(operations)) {
      if (all[operationId]) throw new Error(`${operationId} is implemented twice (again in ${service})`);
      all[operationId] = operation;
    }
  }
  return all;
};

/** The service each operation belongs to, for the README and the coverage test. */
export const SERVICE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries<ServiceOperations>(SERVICES_BY_NAME).flatMap(([service, operations]) =>
    Object.keys(operations).map((operationId) => [operationId, service]),
  ),
);

export const SERVICES: Services = { operations: merge(), records: RECORD_SCHEMAS, hostedSignInMember };
