import { ApplicationError, ValidationError } from '../errors/api-error';

/** Where a direct (e-mail and password) sign-in stands, on the client. */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

export type LoginErrorCode =
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidPassword'
  | 'resetPassword'
  | 'invalidEmail';

export type LoginResult =
  | { readonly loginState: 'SUCCESS'; readonly data: { readonly sessionToken: string } }
  | { readonly loginState: 'EMAIL_VERIFICATION_REQUIRED'; readonly data: { readonly stateToken: string } }
  | { readonly loginState: 'OWNER_APPROVAL_REQUIRED' }
  | {
      readonly loginState: 'FAILURE';
      readonly error: string;
      readonly errorCode?: LoginErrorCode;
    };

/** What the server answers to register, login and verify (its state machine). */
export interface ServerStateResponse {
  readonly state?: string;
  readonly sessionToken?: string;
  readonly stateToken?: string;
}

/** The platform's error codes of the sign-in calls. */
export const AUTH_ERROR_CODES = {
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  emailAlreadyExists: '-19995',
  invalidPassword: '-19976',
  resetPassword: '-19973',
} as const;

/** Server state -> client state; a state the client does not know is a failure. */
export const fromServerState = (response: ServerStateResponse): LoginResult => {
  switch (response.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: response.sessionToken ?? '' } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: response.stateToken ?? '' } };
    default:
      return { loginState: 'FAILURE', error: 'Unknown _state' };
  }
};

const codeOf = (error: unknown): string | undefined => (error instanceof ApplicationError ? error.code : undefined);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const captchaCode = (code: string | undefined): LoginErrorCode | undefined =>
  code === AUTH_ERROR_CODES.missingCaptchaToken
    ? 'missingCaptchaToken'
    : code === AUTH_ERROR_CODES.invalidCaptchaToken
      ? 'invalidCaptchaToken'
      : undefined;

/** A failed registration: an e-mail field violation is invalidEmail; known codes by name. */
export const registrationFailure = (error: unknown): LoginResult => {
  if (error instanceof ValidationError) {
    const email = error.fieldViolations.find((v) => v.data.type === 'EMAIL' || /email/i.test(v.field));
    if (email) return { loginState: 'FAILURE', error: email.description, errorCode: 'invalidEmail' };
  }
  const code = codeOf(error);
  const errorCode = captchaCode(code) ?? (code === AUTH_ERROR_CODES.emailAlreadyExists ? 'emailAlreadyExists' : undefined);
  return errorCode ? { loginState: 'FAILURE', error: messageOf(error), errorCode } : { loginState: 'FAILURE', error: messageOf(error) };
};

/** A failed login: known codes by name, any other failure invalidEmail. */
export const loginFailure = (error: unknown): LoginResult => {
  const code = codeOf(error);
  const errorCode: LoginErrorCode =
    captchaCode(code) ??
    (code === AUTH_ERROR_CODES.invalidPassword
      ? 'invalidPassword'
      : code === AUTH_ERROR_CODES.resetPassword
        ? 'resetPassword'
        : 'invalidEmail');
  return { loginState: 'FAILURE', error: messageOf(error), errorCode };
};

/** The state a UI shows: a missing captcha asks for the invisible one, a rejected one for the visible one. */
export const displayState = (result: LoginResult): LoginState => {
  if (result.loginState === 'FAILURE' && result.errorCode === 'missingCaptchaToken') return LoginState.SILENT_CAPTCHA_REQUIRED;
  if (result.loginState === 'FAILURE' && result.errorCode === 'invalidCaptchaToken') return LoginState.USER_CAPTCHA_REQUIRED;
  return result.loginState;
};
