// Which 401 answers are about the access token. The security scheme's 401 (spec/shared/responses/Unauthorized.yaml)
// carries `UNAUTHENTICATED`; a gateway may send a bare 401. Any other code is the operation's own answer (the
// sign-in calls' `-19976` wrong password): renewing the token and replaying would send the password twice.
import { type ApiError, ApplicationError } from '../errors/api-error';
import { constantCase, statusText } from '../protocol';

/** The code of the security scheme's 401: the access token is missing, invalid or expired. */
export const TOKEN_REFUSAL_CODE = 'UNAUTHENTICATED';

/** Whether a 401 says the token was refused, so a renewed token may succeed: its code, or none (the status line's). */
export const isTokenRefusal = (error: ApiError, statusLine: string): boolean =>
  error instanceof ApplicationError &&
  (error.code === TOKEN_REFUSAL_CODE || error.code === constantCase(statusText(error.status, statusLine)));
