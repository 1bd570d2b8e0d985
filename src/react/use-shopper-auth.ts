import * as React from 'react';
import { displayState, type LoginResult, type LoginState } from '../auth/login-state';
import { type LoginParams, memberSignIn, type RegisterParams } from '../auth/member-sign-in';
import type { DirectLoginState, OAuthStrategy } from '../auth/oauth-strategy';
import type { TokenRole } from '../auth/tokens';

export interface ShopperAuth {
  /** The state to show: INITIAL, SUCCESS, FAILURE, EMAIL_VERIFICATION_REQUIRED, OWNER_APPROVAL_REQUIRED or a captcha state. */
  readonly loginState: LoginState;
  /** The last result with its data, error and errorCode. */
  readonly result: DirectLoginState;
  readonly role: TokenRole;
  readonly loggedIn: boolean;
  readonly pending: boolean;
  login(params: LoginParams): Promise<LoginResult>;
  register(params: RegisterParams): Promise<LoginResult>;
  processVerification(inputs: { verificationCode: string }): Promise<LoginResult>;
  /** Turns the session token of a SUCCESS into member tokens by silent sign-in. */
  completeSignIn(sessionToken: string): Promise<void>;
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
}

/**
 * The shopper's sign-in state and actions. It reads the strategy's store, so every component re-renders on
 * renewals, sign-in and sign-out, whoever caused them (another component, a background renewal, another tab).
 */
export const useShopperAuth = (auth: OAuthStrategy): ShopperAuth => {
  const snapshot = React.useSyncExternalStore(auth.subscribe, auth.getSnapshot, auth.getSnapshot);
  const signIn = React.useMemo(() => memberSignIn(auth), [auth]);
  const [pending, setPending] = React.useState(0);

  const run = React.useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setPending((count) => count + 1);
    try {
      return await action();
    } finally {
      setPending((count) => count - 1);
    }
  }, []);

  const { login } = snapshot;
  return {
    loginState: login.loginState === 'INITIAL' ? 'INITIAL' : displayState(login),
    result: login,
    role: snapshot.role,
    loggedIn: snapshot.loggedIn,
    pending: pending > 0,
    login: (params) => run(() => signIn.login(params)),
    register: (params) => run(() => signIn.register(params)),
    processVerification: (inputs) => run(() => signIn.processVerification(inputs)),
    completeSignIn: (sessionToken) => run(async () => void (await signIn.getMemberTokensForDirectLogin(sessionToken))),
    logout: (originalUrl) => run(() => signIn.logout(originalUrl)),
  };
};
