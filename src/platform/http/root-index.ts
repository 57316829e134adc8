import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_AUDIENCES, DESCRIPTION_OF } from './api-audiences.js';
import { PUBLIC_ROUTE } from './route-policy.js';

/** One place `GET /` points at. */
interface IndexLink {
  rel: string;
  href: string;
  title: string;
}

/** What a person or a program arriving at the gateway's root can go on to, in reading order. */
const LINKS: readonly IndexLink[] = [
  { rel: 'docs', href: '/docs', title: 'API reference: the integrator, dashboard and operator descriptions' },
  { rel: 'dashboard', href: '/dashboard', title: 'Dashboard: sign in, API keys, webhooks, bookings' },
  ...API_AUDIENCES.map((audience) => ({
    rel: `openapi-${audience}`,
    href: DESCRIPTION_OF[audience].url,
    title: `OpenAPI 3.1: ${DESCRIPTION_OF[audience].title}`,
  })),
  { rel: 'errors', href: '/docs/errors', title: 'Error reference: every code the API answers, what each means and what to do' },
  { rel: 'health', href: '/v1/health', title: 'Liveness' },
  { rel: 'ready', href: '/v1/health/ready', title: 'Readiness: storage, cache and airlines' },
];

const NAME = 'Flight Aggregation Gateway';

// Every title and address above is this file's own text; escaped all the same, so a later link
// with an ampersand cannot break the page.
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${NAME}</title>
  </head>
  <body>
    <h1>${NAME}</h1>
    <p>One REST/JSON API to search, price, book and service flights across airlines.</p>
    <ul>
${LINKS.map((link) => `      <li><a href="${escapeHtml(link.href)}">${escapeHtml(link.title)}</a> <code>${escapeHtml(link.href)}</code></li>`).join('\n')}
    </ul>
  </body>
</html>
`;

/** The page runs nothing and loads nothing: links only. */
const PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** How much the client's `Accept` takes a media type: the quality of the most specific range matching it. */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [name = '', ...params] = range.trim().toLowerCase().split(';');
    const specificity = name === type ? 2 : name === `${major}/*` ? 1 : name === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0 };
  }
  return best.q;
}

/** A browser (HTML preferred over JSON) gets the page; anything else, `*\/*` and no Accept included, gets JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  return quality(accept, 'text/html') > quality(accept, 'application/json');
}

/**
 * `GET /`: where to go from the gateway's root, content-negotiated as API roots do (GitHub's
 * `api.github.com`): a small HTML page of links for a browser, the same links as JSON for a program.
 * Public, like the pages it links to.
 */
export function registerRootIndex(app: FastifyInstance): void {
  const index = { name: NAME, links: LINKS };
  app.get('/', { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async (request, reply) => {
    reply.header('vary', 'Accept');
    if (!wantsHtml(request)) return reply.send(index);
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).send(PAGE);
  });
}
