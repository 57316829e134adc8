/** The app's paths below /dashboard, each written once: the route table (routes.tsx) and every link use these. */
const ORDER_PREFIX = '/orders/';

export const paths = {
  overview: '/',
  keys: '/keys',
  orders: '/orders',
  /** One order's page; the rest of the path is its id. */
  orderPrefix: ORDER_PREFIX,
  order: (id: string) => `${ORDER_PREFIX}${encodeURIComponent(id)}`,
  webhooks: '/webhooks',
  logs: '/logs',
  team: '/team',
  security: '/security',
  operators: '/operators',
  signUp: '/sign-up',
  verifyEmail: '/verify-email',
} as const;
