/** The app's paths below /dashboard, each written once: the route table (routes.tsx) and every link use these. */
const ORDER_PREFIX = '/orders/';

export const paths = {
  overview: '/',
  keys: '/keys',
  orders: '/orders',
  /** Search, price and book (hold or pay) by hand. */
  book: '/book',
  /** One order's page; the rest of the path is its id. */
  orderPrefix: ORDER_PREFIX,
  order: (id: string) => `${ORDER_PREFIX}${encodeURIComponent(id)}`,
  webhooks: '/webhooks',
  logs: '/logs',
  team: '/team',
  security: '/security',
  operators: '/operators',
  signUp: '/sign-up',
  /** The e-mailed links' pages (src/portal/dashboard-links.ts names the same ones). */
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  acceptInvite: '/accept-invite',
  /** The guided second-factor set-up; `next` is where to go once it is on. */
  secondFactor: '/second-factor',
  secondFactorThen: (next: string) => `/second-factor?${new URLSearchParams({ next }).toString()}`,
} as const;
