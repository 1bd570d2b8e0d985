import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/platform/schema';
import { createClient } from './client/create-client';
import type { ClientOptions } from './client/options';

export type { components, operations, paths } from '../generated/platform/schema';
export * from '../generated/platform/hooks/index';

/** The typed openapi-fetch client of the platform family alone. */
export const createPlatformClient = (options: ClientOptions): Client<paths> => createClient(options).platform;
