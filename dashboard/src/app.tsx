import { useEffect, useRef } from 'react';
import { Link } from './components/link';
import { logOut } from './data/auth';
import { useMe } from './data/me';
import { routePath, routeQuery, useRoute } from './lib/router';
import { matchRoute, ROUTES } from './routes';
import { Overview } from './screens/overview';
import { SignIn } from './screens/sign-in';
import { session } from './session/session-store';
import { useSession } from './session/use-session';

export function App() {
  const route = useRoute();
  const path = routePath(route);
  const { token } = useSession();
  const match = matchRoute(path, token !== null);
  if (match && match.route.access !== 'signed-in')
    return match.route.screen({ param: match.param, query: routeQuery(route), permissions: [] });
  if (!token) return <SignIn />;
  return <SignedIn path={path} query={routeQuery(route)} />;
}

function SignedIn({ path, query }: { path: string; query: URLSearchParams }) {
  const { support } = useSession();
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  const operator = permissions.some((p) => p === 'platform.read' || p === 'support.session' || p === 'billing.manage');
  const heading = useRef<HTMLDivElement>(null);
  // Focus moves to the new screen, so a screen reader announces it and the keyboard starts there.
  useEffect(() => heading.current?.querySelector('h1')?.focus(), [path]);
  const match = matchRoute(path, true);
  return (
    <div className="shell">
      {support && (
        <div role="status" className="support-banner">
          Support session for agency <strong>{support.agencyId}</strong> — you act on its behalf ({support.reason}).{' '}
          <button type="button" onClick={() => void logOut().finally(() => session.endSupport())}>
            End support session
          </button>
        </div>
      )}
      <header>
        <nav aria-label="Dashboard">
          <ul>
            {ROUTES.filter((r) => r.label && (!r.operatorsOnly || (operator && !support))).map((r) => (
              <li key={r.path}>
                <Link to={r.path} current={path === r.path}>
                  {r.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" onClick={() => void logOut().finally(() => session.signOut('You are signed out.'))}>
          Sign out
        </button>
      </header>
      <main ref={heading} tabIndex={-1}>
        {match ? match.route.screen({ param: match.param, query, permissions }) : <Overview />}
      </main>
    </div>
  );
}
