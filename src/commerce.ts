import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/commerce/schema';
import { createClient } from './client/create-client';
import type { ClientOptions } from './client/options';

export type { components, operations, paths } from '../generated/commerce/schema';
export * from '../generated/commerce/hooks/index';

/** The typed openapi-fetch client of the commerce family alone. */
export const createCommerceClient = (options: ClientOptions): Client<paths> => createClient(options).commerce;
