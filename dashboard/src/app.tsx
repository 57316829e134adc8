import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api/client';
import { unwrap } from './api/api-error';
import { navigate, routePath, routeQuery, useRoute } from './router';
import { Keys } from './screens/keys';
import { Operators } from './screens/operators';
import { OrderPage } from './screens/order-page';
import { Orders } from './screens/orders';
import { Overview } from './screens/overview';
import { Security } from './screens/security';
import { SignIn } from './screens/sign-in';
import { SignUp } from './screens/sign-up';
import { Team } from './screens/team';
import { VerifyEmail } from './screens/verify-email';
import { Webhooks } from './screens/webhooks';
import { session } from './session/session-store';
import { useSession } from './session/use-session';

const SCREENS = [
  { path: '/', label: 'Overview' },
  { path: '/keys', label: 'API keys' },
  { path: '/orders', label: 'Orders' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/team', label: 'Team' },
  { path: '/security', label: 'Security' },
] as const;

export function App() {
  const route = useRoute();
  const path = routePath(route);
  const { token } = useSession();
  if (path === '/verify-email') return <VerifyEmail token={routeQuery(route).get('token') ?? ''} />;
  if (!token) return path === '/sign-up' ? <SignUp /> : <SignIn />;
  return <SignedIn path={path} />;
}

function SignedIn({ path }: { path: string }) {
  const { support, token } = useSession();
  const me = useQuery({ queryKey: ['me', token], queryFn: () => unwrap(api.GET('/v1/dev/me')) });
  const permissions = me.data?.permissions ?? [];
  const operator = permissions.some((p) => p === 'platform.read' || p === 'support.session' || p === 'billing.manage');
  const heading = useRef<HTMLDivElement>(null);
  // Focus moves to the new screen, so a screen reader announces it and the keyboard starts there.
  useEffect(() => heading.current?.querySelector('h1')?.focus(), [path]);
  return (
    <div className="shell">
      {support && (
        <div role="status" className="support-banner">
          Support session for agency <strong>{support.agencyId}</strong> — you act on its behalf ({support.reason}).{' '}
          <button type="button" onClick={() => void api.POST('/v1/dev/logout').finally(() => session.endSupport())}>
            End support session
          </button>
        </div>
      )}
      <header>
        <nav aria-label="Dashboard">
          <ul>
            {SCREENS.map((screen) => (
              <li key={screen.path}>
                <a
                  href={`/dashboard${screen.path}`}
                  aria-current={path === screen.path ? 'page' : undefined}
                  onClick={(e) => (e.preventDefault(), navigate(screen.path))}
                >
                  {screen.label}
                </a>
              </li>
            ))}
            {operator && !support && (
              <li>
                <a
                  href="/dashboard/operators"
                  aria-current={path === '/operators' ? 'page' : undefined}
                  onClick={(e) => (e.preventDefault(), navigate('/operators'))}
                >
                  Operators
                </a>
              </li>
            )}
          </ul>
        </nav>
        <button
          type="button"
          onClick={() => void api.POST('/v1/dev/logout').finally(() => session.signOut('You are signed out.'))}
        >
          Sign out
        </button>
      </header>
      <main ref={heading} tabIndex={-1}>
        <Screen path={path} permissions={permissions} />
      </main>
    </div>
  );
}

function Screen({ path, permissions }: { path: string; permissions: readonly string[] }) {
  if (path.startsWith('/orders/')) return <OrderPage id={decodeURIComponent(path.slice('/orders/'.length))} />;
  switch (path) {
    case '/keys':
      return <Keys />;
    case '/orders':
      return <Orders />;
    case '/webhooks':
      return <Webhooks />;
    case '/team':
      return <Team />;
    case '/security':
      return <Security />;
    case '/operators':
      return <Operators permissions={permissions} />;
    default:
      return <Overview />;
  }
}
