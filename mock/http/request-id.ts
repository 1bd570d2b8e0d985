import { randomUUID } from 'node:crypto';

/** A request id in the platform's shape: `<unix seconds>.<unique part>`. */
export const newRequestId = (): string => `${(Date.now() / 1000).toFixed(3)}.${randomUUID()}`;
