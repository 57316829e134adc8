import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from './route-policy.js';

/**
 * The browser bundle of Scalar's API reference, as its Fastify plugin ships it (docs/api-docs.md
 * says why Scalar over Swagger UI and Redoc). Served from this process, so the page needs no CDN.
 * The plugin's own routes are not used: they answer `/docs` with a redirect and serve a
 * re-serialized copy of the description; this page reads `/openapi.json` itself.
 */
function scalarBundlePath(): string {
  const pluginEntry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  return path.join(path.dirname(pluginEntry), 'js', 'standalone.js');
}

// Read on the first request for it, not at start: a gateway whose docs page nobody opens does not
// hold the ~3.5 MB (issue 19). Kept once read, for every app of the process.
let bundle: Buffer | undefined;
function scalarBundle(file: string): Buffer {
  bundle ??= fs.readFileSync(file);
  return bundle;
}

/** What the page asks of Scalar; the reference's own options, passed through as JSON. */
const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  // System fonts: Scalar's default ones come from its font host.
  withDefaultFonts: false,
  // No usage reporting, and none of the tooling that links to Scalar's cloud.
  telemetry: false,
  showDeveloperTools: 'never',
  // Scalar's "Ask AI" agent sends the description to Scalar's servers: off.
  agent: { disabled: true },
  // Samples open on curl; JavaScript (fetch), Node, Python and others are one click away.
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Flight Aggregation Gateway API</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/scalar.js"></script>
    <script>Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)})</script>
  </body>
</html>
`;

// The page's own script and the bundle; no connection to another origin is needed (the "Test
// Request" client calls this gateway: the description's server is relative or PUBLIC_URL).
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src *; worker-src 'self' blob:; frame-ancestors 'none'";

/** `/docs` (the page) and `/docs/scalar.js` (its bundle, ~3.5 MB, cached by browsers for a day). */
export function registerDocsPage(app: FastifyInstance): void {
  // Found at start, so a missing package stops the start rather than a later page view.
  const file = scalarBundlePath();
  if (!fs.existsSync(file)) throw new Error(`Scalar's API reference bundle is missing: ${file}`);
  app.get('/docs', { schema: { hide: true }, config: PUBLIC_ROUTE }, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(PAGE),
  );
  app.get('/docs/scalar.js', { schema: { hide: true }, config: PUBLIC_ROUTE }, async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(scalarBundle(file)),
  );
}
