/** The response header that carries the platform's request id, on every answer, success or failure. */
export const REQUEST_ID_HEADER = 'x-wix-request-id';

/** A request id in the platform's shape: `<unix seconds>.<unique part>`. Web Crypto: Node 20 and browsers alike. */
export const newRequestId = (): string => `${(Date.now() / 1000).toFixed(3)}.${globalThis.crypto.randomUUID()}`;
