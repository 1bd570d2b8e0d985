import { useCallback, useState } from 'react';
import { displayState, type LoginResult, type LoginState } from '../auth/login-state';
import type { LoginParams, OAuthStrategy, RegisterParams } from '../auth/oauth-strategy';

export interface ShopperAuth {
  /** The state to show: INITIAL, SUCCESS, FAILURE, EMAIL_VERIFICATION_REQUIRED, OWNER_APPROVAL_REQUIRED or a captcha state. */
  readonly loginState: LoginState;
  /** The last result with its data, error and errorCode. */
  readonly result: LoginResult | { readonly loginState: 'INITIAL' };
  readonly loggedIn: boolean;
  readonly pending: boolean;
  login(params: LoginParams): Promise<LoginResult>;
  register(params: RegisterParams): Promise<LoginResult>;
  processVerification(inputs: { verificationCode: string }): Promise<LoginResult>;
  /** Turns the session token of a SUCCESS into member tokens by silent sign-in. */
  completeSignIn(sessionToken: string): Promise<void>;
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
}

/** The shopper's sign-in state and actions for a component, re-rendering after each action. */
export const useShopperAuth = (auth: OAuthStrategy): ShopperAuth => {
  const [result, setResult] = useState(() => auth.loginState());
  const [loggedIn, setLoggedIn] = useState(() => auth.loggedIn());
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      setPending(true);
      try {
        return await action();
      } finally {
        setResult(auth.loginState());
        setLoggedIn(auth.loggedIn());
        setPending(false);
      }
    },
    [auth],
  );

  return {
    loginState: result.loginState === 'INITIAL' ? 'INITIAL' : displayState(result),
    result,
    loggedIn,
    pending,
    login: (params) => run(() => auth.login(params)),
    register: (params) => run(() => auth.register(params)),
    processVerification: (inputs) => run(() => auth.processVerification(inputs)),
    completeSignIn: (sessionToken) => run(async () => void (await auth.getMemberTokensForDirectLogin(sessionToken))),
    logout: (originalUrl) => run(() => auth.logout(originalUrl)),
  };
};
