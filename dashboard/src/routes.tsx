import type { ReactNode } from 'react';
import { paths } from './lib/paths';
import { AcceptInvite } from './screens/accept-invite';
import { Book } from './screens/book';
import { Keys } from './screens/keys';
import { Logs } from './screens/logs';
import { Operators } from './screens/operators';
import { OrderPage } from './screens/order-page';
import { Orders } from './screens/orders';
import { Overview } from './screens/overview';
import { ResetPassword } from './screens/reset-password';
import { SecondFactor } from './screens/second-factor';
import { Security } from './screens/security';
import { SignUp } from './screens/sign-up';
import { Team } from './screens/team';
import { VerifyEmail } from './screens/verify-email';
import { Webhooks } from './screens/webhooks';

interface Shown {
  /** What follows a prefix route's prefix, decoded (an order's id). */
  param: string;
  query: URLSearchParams;
  /** The signed-in user's permissions; none before the account has answered. */
  permissions: readonly string[];
}

interface Route {
  /** The exact path, or with `prefix` the start of every path it answers. */
  path: string;
  prefix?: true;
  /** Who may see it: signed in (inside the navigation), signed out (sign-up), or anyone (the e-mailed link). */
  access: 'signed-in' | 'signed-out' | 'anyone';
  /** Its entry in the navigation, in this order; none: reached by a link only. */
  label?: string;
  /** Listed in the navigation only for an operator, and not during a support session. */
  operatorsOnly?: true;
  screen(shown: Shown): ReactNode;
}

/** The route table: every screen of the dashboard. A signed-in path it does not know shows the overview. */
export const ROUTES: readonly Route[] = [
  // The e-mailed links' pages: each reads the token from the address bar itself and removes it.
  { path: paths.verifyEmail, access: 'anyone', screen: () => <VerifyEmail /> },
  { path: paths.resetPassword, access: 'anyone', screen: () => <ResetPassword /> },
  { path: paths.acceptInvite, access: 'anyone', screen: () => <AcceptInvite /> },
  { path: paths.signUp, access: 'signed-out', screen: () => <SignUp /> },
  { path: paths.overview, access: 'signed-in', label: 'Overview', screen: () => <Overview /> },
  { path: paths.keys, access: 'signed-in', label: 'API keys', screen: () => <Keys /> },
  { path: paths.orders, access: 'signed-in', label: 'Orders', screen: () => <Orders /> },
  { path: paths.book, access: 'signed-in', label: 'Book', screen: () => <Book /> },
  { path: paths.orderPrefix, prefix: true, access: 'signed-in', screen: ({ param }) => <OrderPage id={param} /> },
  { path: paths.webhooks, access: 'signed-in', label: 'Webhooks', screen: () => <Webhooks /> },
  { path: paths.logs, access: 'signed-in', label: 'Logs', screen: () => <Logs /> },
  { path: paths.team, access: 'signed-in', label: 'Team', screen: () => <Team /> },
  { path: paths.security, access: 'signed-in', label: 'Security', screen: () => <Security /> },
  { path: paths.secondFactor, access: 'signed-in', screen: ({ query }) => <SecondFactor next={query.get('next')} /> },
  {
    path: paths.operators,
    access: 'signed-in',
    label: 'Operators',
    operatorsOnly: true,
    screen: ({ permissions }) => <Operators permissions={permissions} />,
  },
];

/** The route for a path, with the parameter of a prefix route; null when none answers it. */
export function matchRoute(path: string, signedIn: boolean): { route: Route; param: string } | null {
  for (const route of ROUTES) {
    if (route.access === (signedIn ? 'signed-out' : 'signed-in')) continue;
    if (route.prefix ? path.startsWith(route.path) : path === route.path)
      return { route, param: route.prefix ? decodeURIComponent(path.slice(route.path.length)) : '' };
  }
  return null;
}
