/** The response header that carries the platform's request id, on every answer, success or failure. */
export const REQUEST_ID_HEADER = 'x-wix-request-id';
