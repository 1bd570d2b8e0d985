// The explorer: operations on the left, the open operation in the middle, connection, auth, mock session and
// history on the right. The operation panel (and with it the spec documents, the operation functions and Ajv)
// loads when the first operation is opened.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_TOKENS } from '../../../src/auth/index';
import { AuthPanel, RoleBadge, useRole } from './auth-panel';
import { createConnection } from './connection';
import { HistoryPanel } from './history-panel';
import { type ControlsNotice, type MockHealth, mockControls } from './mock-controls';
import { MockPanel } from './mock-panel';
import { findOperation } from './operation-index';
import { finishRedirectSignIn } from './redirect-sign-in';
import { operationHref, siteHref, useRoute } from './routing';
import { baseUrlOf, isHttpUrl, loadSettings, type Settings, saveSettings } from './settings';
import { Sidebar } from './sidebar';
import { VariablesPanel } from './variables-panel';
import { Welcome } from './welcome';

const OperationPanel = lazy(() => import('./operation/operation-panel'));

export interface Replay {
  readonly entryId: string;
  readonly send: boolean;
  /** A new object per click: the same entry can be replayed twice. */
  readonly nonce: number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `siteMock`: the mock the site was opened for (`?mock=` or the site's settings file, docs-site/dist/config.json), when one is named. */
export const App = ({ siteMock }: { readonly siteMock?: string }) => {
  const [settings, setSettings] = useState(() => loadSettings(siteMock));
  const update = useCallback((patch: Partial<Settings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      saveSettings(next);
      return next;
    });
  }, []);
  const route = useRoute();
  const baseUrl = baseUrlOf(settings);

  // Read at call time, so typing a session name does not make new clients.
  const sessionRef = useRef(settings);
  sessionRef.current = settings;
  const connection = useMemo(
    () =>
      createConnection({
        baseUrl,
        authMode: settings.authMode,
        apiKey: settings.apiKey,
        siteId: settings.siteId,
        sessionFor: (url) => {
          const current = sessionRef.current;
          return current.target === 'mock' && url.startsWith(current.mockUrl) && current.session ? current.session : undefined;
        },
      }),
    [baseUrl, settings.authMode, settings.apiKey, settings.siteId],
  );
  const role = useRole(connection);
  const [notice, setNotice] = useState<string>();

  // A visitor token right away (the shopper role is visible before the first call); a redirect sign-in coming back
  // is finished first.
  const mintVisitor = useCallback(async () => {
    if (connection.shopper.getTokens().accessToken.value) return;
    await connection.shopper.getAuthHeaders(connection.shopper.binding().context);
  }, [connection]);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        if (await finishRedirectSignIn(connection)) setNotice('Signed in as a member by redirect (PKCE).');
        await mintVisitor();
        if (!cancelled) setNotice((current) => (current?.startsWith('Signed in') ? current : undefined));
      } catch (error) {
        if (!cancelled) setNotice(`No visitor token from ${connection.baseUrl}: ${messageOf(error)}. Is the mock running (npm start)?`);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [connection, mintVisitor]);

  const newVisitor = useCallback(() => {
    connection.shopper.setTokens(EMPTY_TOKENS);
    void mintVisitor().catch((error: unknown) => setNotice(`No visitor token: ${messageOf(error)}`));
  }, [connection, mintVisitor]);

  const controls = useMemo(() => mockControls(settings.mockUrl), [settings.mockUrl]);
  const [health, setHealth] = useState<{ value?: MockHealth; notice?: ControlsNotice }>();
  useEffect(() => {
    let cancelled = false;
    setHealth(undefined);
    void controls.health().then((answer) => {
      if (!cancelled)
        setHealth(answer.ok ? { value: answer.value } : { notice: { unavailable: answer.unavailable, message: answer.message } });
    });
    return () => {
      cancelled = true;
    };
  }, [controls]);

  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
  }, [settings.theme]);

  useEffect(() => {
    performance.mark('explorer:first-render');
  }, []);

  const [callCount, setCallCount] = useState(0);
  const onSent = useCallback(() => setCallCount((count) => count + 1), []);
  const [replay, setReplay] = useState<Replay>();
  const onReplay = useCallback((entryId: string, send: boolean) => setReplay({ entryId, send, nonce: Date.now() }), []);

  const operationId = route.name === 'operation' ? route.operationId : undefined;
  const entry = operationId ? findOperation(operationId) : undefined;

  return (
    <>
      <a className="skip" href="#main">
        Skip to the operation
      </a>
      <header className="top">
        <h1>
          <a href={siteHref('../index.html')}>Storefront API</a> explorer
        </h1>
        <nav aria-label="Site">
          <a href={siteHref('../reference/commerce.html')}>Commerce reference</a>
          <a href={siteHref('../reference/platform.html')}>Platform reference</a>
          <a href={siteHref('../guides/explorer.html')}>Guide</a>
        </nav>
        <RoleBadge role={role} />
        <label className="theme">
          Theme
          <select value={settings.theme} onChange={(event) => update({ theme: event.target.value as Settings['theme'] })}>
            <option value="system">system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>
      </header>
      {settings.target === 'mock' && health?.notice && !health.notice.unavailable && (
        <p className="notice banner" role="alert" data-testid="unreachable">
          Cannot reach the mock at <code>{settings.mockUrl}</code>: start it with <code>npm start</code>, or set the Mock URL on the right.
        </p>
      )}
      {notice && (
        <p className="notice banner" role="status">
          {notice}
        </p>
      )}
      <div className="layout">
        <nav className="sidebar" aria-label="Operations">
          <Sidebar current={operationId} />
        </nav>
        <main id="main" tabIndex={-1}>
          {operationId === undefined ? (
            <Welcome mockUrl={settings.mockUrl} />
          ) : entry === undefined ? (
            <section>
              <h2>No operation {operationId}</h2>
              <p>
                There is no operation with this id in either family. Search for it on the left, or start with{' '}
                <a href={operationHref('listRecommendationAlgorithms')}>listRecommendationAlgorithms</a>.
              </p>
            </section>
          ) : (
            <Suspense fallback={<p className="muted">Loading {operationId}…</p>}>
              <OperationPanel
                key={entry.operationId}
                entry={entry}
                connection={connection}
                role={role}
                controls={settings.target === 'mock' ? controls : undefined}
                session={settings.session}
                controlsNotice={health?.notice}
                replay={replay}
                onSent={onSent}
              />
            </Suspense>
          )}
        </main>
        <aside aria-label="Connection, auth, mock session and history">
          <section className="panel" aria-labelledby="target-title">
            <h2 id="target-title">Send to</h2>
            <fieldset className="choice">
              <legend className="visually-hidden">Target</legend>
              <label>
                <input type="radio" name="target" checked={settings.target === 'mock'} onChange={() => update({ target: 'mock' })} /> the
                mock
              </label>
              <label>
                <input type="radio" name="target" checked={settings.target === 'custom'} onChange={() => update({ target: 'custom' })} />{' '}
                another base URL
              </label>
            </fieldset>
            {settings.target === 'mock' ? (
              <label>
                Mock URL
                <input
                  defaultValue={settings.mockUrl}
                  onBlur={(event) => isHttpUrl(event.target.value) && update({ mockUrl: event.target.value.replace(/\/+$/, '') })}
                  data-testid="mock-url"
                />
              </label>
            ) : (
              <label>
                Base URL
                <input
                  value={settings.customUrl}
                  placeholder="https://…"
                  onChange={(event) => update({ customUrl: event.target.value })}
                  aria-invalid={!isHttpUrl(settings.customUrl)}
                />
              </label>
            )}
            <p className="muted">
              Calls go to <code data-testid="base-url">{baseUrl}</code>
            </p>
          </section>
          <AuthPanel connection={connection} settings={settings} update={update} newVisitor={newVisitor} />
          <MockPanel settings={settings} update={update} controls={controls} health={health} callCount={callCount} />
          <VariablesPanel />
          <HistoryPanel onReplay={onReplay} />
        </aside>
      </div>
    </>
  );
};
