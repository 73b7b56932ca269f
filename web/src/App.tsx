import { useCallback, useEffect, useRef, useState } from 'react';
import { api, logout, refresh, whenSignedOut } from './api';
import { Link, navigate, usePath } from './router';
import type { Me } from './types';
import { Account } from './screens/Account';
import { DocumentPage } from './screens/DocumentPage';
import { Documents } from './screens/Documents';
import { Keys } from './screens/Keys';
import { PolicyEditor } from './screens/PolicyEditor';
import { SignIn } from './screens/SignIn';
import { SignUp } from './screens/SignUp';
import { UsagePanel } from './screens/UsagePanel';
import { VerifyEmail } from './screens/VerifyEmail';
import { Webhooks } from './screens/Webhooks';

type Session = { state: 'checking' } | { state: 'signed_out' } | { state: 'signed_in'; me: Me };

const NAV = [
  { to: '/', label: 'Documents' },
  { to: '/keys', label: 'API keys' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/policy', label: 'Policy' },
  { to: '/usage', label: 'Usage' },
  { to: '/account', label: 'Account' },
];

export function App() {
  const { path, query } = usePath();
  const [session, setSession] = useState<Session>({ state: 'checking' });

  const loadMe = useCallback(async () => {
    try {
      setSession({ state: 'signed_in', me: await api<Me>('/v1/auth/me') });
    } catch {
      setSession({ state: 'signed_out' });
    }
  }, []);

  // After a reload the access token is gone; the HttpOnly refresh cookie brings the session back.
  useEffect(() => {
    whenSignedOut(() => setSession({ state: 'signed_out' }));
    if (path === '/verify-email' || path === '/signup') {
      setSession({ state: 'signed_out' });
      return;
    }
    void refresh().then((ok) => (ok ? loadMe() : setSession({ state: 'signed_out' })));
    // Only on the first load.
  }, []);

  // After an in-app navigation, focus moves to the new screen, as it would on a page load.
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) firstPath.current = false;
    else document.getElementById('main')?.focus();
  }, [path]);

  useEffect(() => {
    const title = NAV.find((n) => n.to === path)?.label ?? (path.startsWith('/documents/') ? 'Document' : 'Dashboard');
    document.title = `${title} · docread`;
  }, [path]);

  if (path === '/verify-email')
    return (
      <Frame>
        <VerifyEmail token={query.get('token') ?? ''} />
      </Frame>
    );
  if (path === '/signup')
    return (
      <Frame>
        <SignUp />
      </Frame>
    );
  if (session.state === 'checking')
    return (
      <Frame>
        <p role="status">Loading…</p>
      </Frame>
    );
  if (session.state === 'signed_out')
    return (
      <Frame>
        <SignIn onSignedIn={loadMe} />
      </Frame>
    );

  const signOut = async () => {
    await logout().catch(() => undefined);
    setSession({ state: 'signed_out' });
    navigate('/');
  };
  const me = session.me;
  let screen;
  if (path.startsWith('/documents/')) screen = <DocumentPage id={decodeURIComponent(path.slice('/documents/'.length))} />;
  else if (path === '/keys') screen = <Keys me={me} />;
  else if (path === '/webhooks') screen = <Webhooks me={me} />;
  else if (path === '/policy') screen = <PolicyEditor me={me} />;
  else if (path === '/usage') screen = <UsagePanel />;
  else if (path === '/account') screen = <Account me={me} onChanged={loadMe} />;
  else screen = <Documents />;

  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">docread</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map((n) => (
              <li key={n.to}>
                <Link to={n.to} aria-current={n.to === path || (n.to === '/' && path.startsWith('/documents/')) ? 'page' : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span title={me.email}>{me.organisation.name}</span>
          <button type="button" className="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      {me.missing.length > 0 && path !== '/account' && (
        <p className="banner" role="note">
          Verify your {me.missing.join(' and ')} to create API keys. <Link to="/account">Go to your account</Link>
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {screen}
      </main>
    </div>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="narrow">
      <h1 className="brand-big">docread</h1>
      {children}
    </main>
  );
}
