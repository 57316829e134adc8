import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { session } from '../session/session-store';

/**
 * The typed client: paths and bodies come from the gateway's own dashboard and operator
 * descriptions (`npm run dashboard:client`), so a change to the API that the UI does not follow
 * fails its type-check.
 * Same origin: no base URL, no CORS, and the token travels only in the Authorization header.
 */
export const api = createClient<paths>({ baseUrl: '' });

const bearer: Middleware = {
  onRequest({ request }) {
    const token = session.token();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    // An idle or absolute expiry (or a revoked session): back to sign-in with a message.
    if (response.status === 401) session.refused(request.headers.get('authorization'));
    return response;
  },
};
api.use(bearer);
