import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound, unavailable } from '../platform/errors.js';
import { sendStored } from '../platform/http/compression.js';
import { PUBLIC_ROUTE } from '../platform/http/route-policy.js';
import { loadBundle, type Bundle, type BundleFile } from './bundle.js';

/**
 * Only this origin's own script, styles and API: no inline script or style, no eval, no other
 * origin, no framing. The session token lives in the page's memory, so this policy is what bounds
 * what an injected script could do (docs/dashboard.md).
 */
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A built file, compressed once per coding when the client asks for one (the bundle is kept in memory). */
function send(reply: FastifyReply, file: BundleFile): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  return sendStored(reply, file.body);
}

/**
 * `/dashboard` and every path below it: a built asset by its exact name, otherwise the app's
 * index.html (the app routes by path, so a reload or a shared link on /dashboard/keys works).
 */
export async function dashboardRoutes(app: FastifyInstance, { bundleDir }: { bundleDir: string }): Promise<void> {
  let bundle: Bundle | null = loadBundle(bundleDir);
  const current = (): Bundle => {
    // Built after the gateway started (a first `npm test` or a manual build): pick it up then.
    bundle ??= loadBundle(bundleDir);
    if (!bundle) throw unavailable('the dashboard is not built: run `npm run dashboard:build`', 'dashboard_not_built');
    return bundle;
  };

  app.get('/dashboard', { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async (_request, reply) =>
    send(reply, current().index),
  );
  app.get<{ Params: { '*': string } }>(
    '/dashboard/*',
    { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } },
    async (request, reply) => {
      const rest = request.params['*'];
      const files = current();
      if (rest.startsWith('assets/')) {
        const asset = files.assets.get(rest);
        if (!asset) throw notFound(`no dashboard file ${rest}`, 'not_found');
        return send(reply, asset);
      }
      return send(reply, files.index);
    },
  );
}
