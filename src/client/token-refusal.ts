// Which 401 answers are about the access token. The security scheme's 401 (spec/shared/responses/Unauthorized.yaml)
// carries `UNAUTHENTICATED`; a gateway may send a bare 401. Any other code is the operation's own answer (the
// sign-in calls' `-19976` wrong password): renewing the token and replaying would send the password twice.

/** The code of the security scheme's 401: the access token is missing, invalid or expired. */
export const TOKEN_REFUSAL_CODE = 'UNAUTHENTICATED';

interface RefusalBody {
  details?: { applicationError?: { code?: unknown }; validationError?: unknown };
}

const parse = (text: string): RefusalBody | undefined => {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null ? (body as RefusalBody) : undefined;
  } catch {
    return undefined;
  }
};

/** Whether a 401 answer's body says the token was refused (and a renewed token may succeed). */
export const isTokenRefusal = (text: string): boolean => {
  const details = (text ? parse(text) : undefined)?.details;
  if (details?.validationError !== undefined) return false;
  const code = details?.applicationError?.code;
  return code === undefined || code === TOKEN_REFUSAL_CODE;
};
