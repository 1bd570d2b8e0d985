// Who the calls are made as: a shopper (a visitor token obtained automatically, or a member after sign-in,
// direct or by redirect) or the merchant (API key and site id). The state comes from the package's
// useShopperAuth, so it follows every renewal, sign-in and sign-out.
import { type FormEvent, useEffect, useState } from 'react';
import { useShopperAuth } from '../../../src/react/index';
import type { Connection } from './connection';
import { startRedirectSignIn } from './redirect-sign-in';
import type { Settings } from './settings';

export type Role = 'none' | 'visitor' | 'member' | 'merchant';

export const useRole = (connection: Connection): Role => {
  const { role } = useShopperAuth(connection.shopper);
  return connection.authMode === 'merchant' ? 'merchant' : role;
};

const ROLE_TEXT: Record<Role, string> = {
  none: 'no token yet',
  visitor: 'visitor',
  member: 'member',
  merchant: 'merchant (API key)',
};

export const RoleBadge = ({ role }: { readonly role: Role }) => (
  <p className="role" aria-live="polite">
    Role:{' '}
    <strong data-testid="role" className={`role-${role}`}>
      {ROLE_TEXT[role]}
    </strong>
  </p>
);

interface AuthPanelProps {
  readonly connection: Connection;
  readonly settings: Settings;
  readonly update: (patch: Partial<Settings>) => void;
  readonly newVisitor: () => void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const AuthPanel = ({ connection, settings, update, newVisitor }: AuthPanelProps) => {
  const auth = useShopperAuth(connection.shopper);
  const [email, setEmail] = useState('shopper@example.com');
  const [password, setPassword] = useState('correct-horse-battery');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');

  // A status belongs to the mode it was said in: a shopper's sign-in says nothing about merchant calls.
  const merchant = settings.authMode === 'merchant';
  useEffect(() => {
    setStatus(merchant ? 'Calls carry the API key; the shopper tokens are kept for when you switch back.' : '');
  }, [merchant]);

  const run = async (action: () => Promise<string>) => {
    setStatus('Working…');
    try {
      setStatus(await action());
    } catch (error) {
      setStatus(`Failed: ${messageOf(error)}`);
    }
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await auth.login({ email, password });
      if (result.loginState === 'SUCCESS') {
        await auth.completeSignIn(result.data.sessionToken);
        return `Signed in as ${email}.`;
      }
      if (result.loginState === 'FAILURE') return `Sign-in failed: ${result.errorCode ?? result.error}`;
      return `Sign-in needs a further step: ${result.loginState}`;
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await auth.processVerification({ verificationCode: code });
      if (result.loginState === 'SUCCESS') {
        await auth.completeSignIn(result.data.sessionToken);
        return 'Verified and signed in.';
      }
      return `Verification: ${result.loginState}`;
    });
  };

  return (
    <section className="panel" aria-labelledby="auth-title">
      <h2 id="auth-title">Auth</h2>
      <fieldset className="choice">
        <legend>Call as</legend>
        <label>
          <input type="radio" name="auth-mode" checked={!merchant} onChange={() => update({ authMode: 'shopper' })} /> Shopper (OAuth
          tokens)
        </label>
        <label>
          <input type="radio" name="auth-mode" checked={merchant} onChange={() => update({ authMode: 'merchant' })} /> Merchant (API key)
        </label>
      </fieldset>
      {merchant ? (
        <div className="stack">
          <label>
            API key
            <input value={settings.apiKey} onChange={(event) => update({ apiKey: event.target.value })} autoComplete="off" />
          </label>
          <label>
            <span>
              Site id (<code>wix-site-id</code>)
            </span>
            <input value={settings.siteId} onChange={(event) => update({ siteId: event.target.value })} autoComplete="off" />
          </label>
        </div>
      ) : (
        <div className="stack">
          <p className="muted">
            Shopper role: <strong>{auth.role}</strong>
            {auth.loginState !== 'INITIAL' && ` · last sign-in: ${auth.loginState}`}
          </p>
          {auth.loggedIn ? (
            <button
              type="button"
              onClick={() => void run(async () => (await auth.logout(location.href), 'Signed out; calls go on as a new visitor.'))}
            >
              Sign out
            </button>
          ) : (
            <>
              <form onSubmit={signIn} className="stack" aria-label="Member sign-in">
                <label>
                  E-mail
                  <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="username" />
                </label>
                <label>
                  Password
                  <input
                    type="password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    autoComplete="current-password"
                  />
                </label>
                <p className="hint">
                  The mock picks the outcome by the e-mail's local part: <code>verify@</code>, <code>owner-approval@</code>,{' '}
                  <code>wrong-password@</code>… any other address signs in.
                </p>
                <button type="submit" disabled={auth.pending}>
                  Sign in as member
                </button>
              </form>
              {auth.loginState === 'EMAIL_VERIFICATION_REQUIRED' && (
                <form onSubmit={verify} className="stack" aria-label="E-mail verification">
                  <label>
                    Verification code
                    <input value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />
                  </label>
                  <button type="submit">Verify</button>
                </form>
              )}
              <button type="button" onClick={() => void run(async () => (await startRedirectSignIn(connection), 'Redirecting…'))}>
                Sign in by redirect (PKCE)
              </button>
            </>
          )}
          <button type="button" onClick={newVisitor}>
            New visitor token
          </button>
        </div>
      )}
      <p className="status" role="status" data-testid="auth-status">
        {status}
      </p>
    </section>
  );
};
