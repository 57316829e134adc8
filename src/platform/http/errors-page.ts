import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, statusesOf, type ErrorCode } from './error-codes.js';
import { STREAM_ERROR_CODES, type StreamErrorCode } from './error-codes/stream-errors.js';
import { remedyOf } from './error-remedies.js';
import { scopeWords } from './errors-document.js';
import { PUBLIC_ROUTE } from './route-policy.js';

/**
 * The error reference as a page a browser renders: every error body's `documentation_url` is
 * `<PUBLIC_URL>/docs/errors#<code>`, and the code's own section carries `id="<code>"`, so the link
 * opens on it. Generated from the catalogue (error-codes.ts), like docs/errors.md, which stays
 * served as Markdown at /docs/errors.md for tools and the repository.
 */
export const ERRORS_PAGE_PATH = '/docs/errors';

/** The address error bodies link, without the `#<code>` of the section. */
export const errorsPageUrl = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}${ERRORS_PAGE_PATH}`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem 1.5rem;color:#1d2329}
code,pre{font:14px ui-monospace,Menlo,Consolas,monospace;background:#f2f4f7;border-radius:4px}code{padding:0 .2em}
pre{padding:.75rem;overflow-x:auto}section{border-top:1px solid #d5dae0;padding-top:.5rem;margin-top:1.5rem}
section:target{background:#fff8db;outline:.5rem solid #fff8db}h2 a{color:inherit;text-decoration:none}
.status{font-weight:600}table{border-collapse:collapse}td,th{text-align:left;padding:.15rem .6rem .15rem 0;vertical-align:top}
h3{font-size:1rem;margin:.75rem 0 .25rem}`;

/** No script, and nothing but its own style: the page needs nothing else (docs/security.md). */
const CONTENT_SECURITY_POLICY =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The catalogue's one-line Markdown (backticks for code, nothing else) as escaped HTML. */
const inline = (markdown: string): string =>
  escapeHtml(markdown).replace(/`([^`]+)`/g, (_m, code: string) => `<code>${code}</code>`);

const SENTENCE = 'a sentence saying what is wrong in this request';

/** The plain error body of `code`, as a client receives it (aviation paths put the same in `errors[]`). */
const plainExample = (code: string, pageUrl: string) => ({
  error: SENTENCE,
  code,
  request_id: 'req_4Gh7kT2mQx0000000042',
  documentation_url: `${pageUrl}#${code}`,
});

interface Section {
  code: string;
  /** Escaped HTML: when the code is answered. */
  heading: string;
  meaning: string;
  from: string;
  /** What to do, when the meaning does not say it already. */
  remedy?: string;
  example: object;
}

function section({ code, heading, meaning, from, remedy, example }: Section): string {
  const id = escapeHtml(code);
  return `<section id="${id}">
<h2><a href="#${id}">${id}</a></h2>
<p class="status">${heading}</p>
<p>${inline(meaning)}</p>
${remedy ? `<h3>What to do</h3>\n<p>${inline(remedy)}</p>\n` : ''}<h3>Answered by</h3>
<p>${inline(from)}</p>
<h3>Example body</h3>
<pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre>
</section>`;
}

/** The whole page: a summary table, then one section per code, the stream-only codes last. */
export function renderErrorsPage(pageUrl: string): string {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  const streamOnly = (Object.keys(STREAM_ERROR_CODES) as StreamErrorCode[]).filter((code) => !(code in ERROR_CODES));
  const statuses = (code: ErrorCode) => statusesOf(code).join(', ');
  const rows = codes.map((code) => `<tr><td><a href="#${code}"><code>${code}</code></a></td><td>${statuses(code)}</td></tr>`);
  const sections = codes.map((code) => {
    const entry = ERROR_CODES[code];
    const from = `${entry.operations.map(scopeWords).join(', ')}.`;
    const example = plainExample(code, pageUrl);
    return section({ code, heading: `HTTP ${statuses(code)}`, meaning: entry.meaning, from, remedy: remedyOf(code), example });
  });
  const streamSections = streamOnly.map((code) => {
    const entry = STREAM_ERROR_CODES[code];
    const from = `${entry.operations.map(scopeWords).join(', ')}.`;
    const heading = "In a stream's terminal <code>error</code> event";
    return section({ code, heading, meaning: entry.meaning, from, example: { error: SENTENCE, code } });
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error codes · Flight Aggregation Gateway API</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Error codes</h1>
<p>Every error answer carries a stable <code>code</code>: in the plain body <code>{error, code, request_id, documentation_url}</code>,
and in each item of the aviation envelope's <code>errors</code>. Branch on <code>code</code> (or the status), never on the sentence.
<code>documentation_url</code> opens the code's section below. The API reference is at <a href="/docs">/docs</a>; this page
as Markdown at <a href="/docs/errors.md">/docs/errors.md</a>.</p>
<table><thead><tr><th>Code</th><th>Status</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
${sections.join('\n')}
<h2>In a stream's terminal <code>error</code> event</h2>
<p>A Server-Sent Events stream answers 200 before it knows how it ends; one that ends in failure sends a last
<code>event: error</code> with <code>{"error": ..., "code": ...}</code>. A code also answered as a status means the same there.</p>
${streamSections.join('\n')}
</body>
</html>
`;
}

/** GET /docs/errors: public like the docs page, rendered on its first request and kept. */
export function registerErrorsPage(app: FastifyInstance): void {
  let page: string | undefined;
  app.get(ERRORS_PAGE_PATH, { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async (request, reply) => {
    page ??= renderErrorsPage(request.server.errorsDocument);
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      .header('Cache-Control', 'public, max-age=3600')
      .send(page);
  });
}
