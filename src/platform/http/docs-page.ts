import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_AUDIENCES, DESCRIPTION_OF } from './api-audiences.js';
import { sendStored } from './compression.js';
import { PUBLIC_ROUTE } from './route-policy.js';

/**
 * The browser bundle of Scalar's API reference, as its Fastify plugin ships it (docs/api-docs.md
 * says why Scalar over Swagger UI and Redoc). Served from this process, so the page needs no CDN.
 * The plugin's own routes are not used: they answer `/docs` with a redirect and serve a
 * re-serialized copy of the description; this page reads the gateway's three descriptions itself.
 */
function scalarBundlePath(): string {
  const pluginEntry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  return path.join(path.dirname(pluginEntry), 'js', 'standalone.js');
}

// Read on the first request for it, not at start: a gateway whose docs page nobody opens does not
// hold its few MB. Kept once read, for every app of the process.
let bundle: Buffer | undefined;
function scalarBundle(file: string): Buffer {
  bundle ??= fs.readFileSync(file);
  return bundle;
}

/**
 * What the page asks of Scalar; the reference's own options, passed through as JSON. The three
 * descriptions are its sources, the integrator's first and opened by default; the others are one
 * pick away in its document switcher (`?api=dashboard`, `?api=operator` open them directly).
 */
const SCALAR_CONFIGURATION = {
  sources: API_AUDIENCES.map((audience, i) => ({
    title: DESCRIPTION_OF[audience].title,
    slug: audience,
    url: DESCRIPTION_OF[audience].url,
    ...(i === 0 ? { default: true } : {}),
  })),
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

/**
 * With several sources Scalar's deep links name the source first (`#integrator/tag/orders`); a link
 * made before there were three (`#tag/orders`, the `docs_url` of some errors) names none and would
 * open on the introduction. Such a hash is read as the integrator's, unless `?api=` picks a source.
 */
const OLD_DEEP_LINKS =
  `var h=location.hash.slice(1);` +
  `if(h&&!new URLSearchParams(location.search).has('api')&&${JSON.stringify(API_AUDIENCES)}.indexOf(h.split('/')[0])<0)` +
  `history.replaceState(null,'','#${API_AUDIENCES[0]}/'+h);`;

/** The page's one inline script: allowed by its hash, so no other inline script can run. */
const INLINE_SCRIPT = `${OLD_DEEP_LINKS}Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)})`;

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
    <script>${INLINE_SCRIPT}</script>
  </body>
</html>
`;

/**
 * What the page needs and nothing more (docs/security.md, "/docs"): scripts only from this
 * gateway (the bundle) plus the one inline call, by hash; no eval (the bundle checks for it and does
 * without); styles inline, as the reference's components set them at run time; connections only to
 * this gateway (the "Test Request" client calls the description's server, which is relative) and
 * to PUBLIC_URL's origin when the description names it.
 */
export function docsContentSecurityPolicy(publicOrigin: string | null): string {
  const scriptHash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
  return (
    `default-src 'self'; script-src 'self' 'sha256-${scriptHash}'; style-src 'self' 'unsafe-inline'; ` +
    `img-src 'self' data:; font-src 'self' data:; connect-src 'self'${publicOrigin ? ` ${publicOrigin}` : ''}; ` +
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  );
}

/** `/docs` (the page) and `/docs/scalar.js` (its bundle, ~3.5 MB, cached by browsers for a day). */
export function registerDocsPage(app: FastifyInstance, publicOrigin: string | null): void {
  const policy = docsContentSecurityPolicy(publicOrigin);
  // Found at start, so a missing package stops the start rather than a later page view.
  const file = scalarBundlePath();
  if (!fs.existsSync(file)) throw new Error(`Scalar's API reference bundle is missing: ${file}`);
  app.get('/docs', { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', policy).send(PAGE),
  );
  app.get('/docs/scalar.js', { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async (_request, reply) =>
    // Kept in memory: compressed once per coding, not per page view.
    sendStored(
      reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400'),
      scalarBundle(file),
    ),
  );
}
