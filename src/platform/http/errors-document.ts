import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, statusesOf, type ErrorCode } from './error-codes.js';
import { STREAM_ERROR_CODES, type StreamErrorCode } from './error-codes/stream-errors.js';
import { remedyOf } from './error-remedies.js';
import { PUBLIC_ROUTE } from './route-policy.js';

/**
 * docs/errors.md: the error-code catalogue for readers, generated from error-codes.ts by
 * `npm run docs:errors` (a test fails while the committed file differs). The gateway also serves
 * it at ERRORS_DOCUMENT_PATH, for tools and readers of the repository; error bodies link the same
 * entries rendered as a page (errors-page.ts, `/docs/errors#<code>`).
 */
export const ERRORS_DOCUMENT_PATH = '/docs/errors.md';

const SCOPE_WORDS: Record<string, string> = {
  '*': 'every operation',
  body: 'every POST, PUT, PATCH and DELETE',
  'api-key': 'every operation authenticated by an API key',
  session: 'every operation authenticated by a portal session',
  'airline-signature':
    "every route a source pushes to (an airline's notifications, Duffel's webhooks), authenticated by its signature",
  metered: 'every metered operation (docs/plans.md)',
  'metered:shopping': 'metered searches',
  unrouted: 'a request that matches no operation',
  cli: 'the `flightagg` command line',
};

export function scopeWords(scope: string): string {
  const words = SCOPE_WORDS[scope];
  if (words) return words;
  if (scope.startsWith('/')) return `\`${scope}\` and the paths below it`;
  return `\`${scope}\``;
}

/** The Markdown of docs/errors.md. */
export function renderErrorsDocument(): string {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  const statuses = (code: ErrorCode) => statusesOf(code).join(', ');
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from src/platform/http/error-codes.ts by `npm run docs:errors`: edit the catalogue, not this file. -->',
    '',
    'Every error answer carries a stable `code`: in the plain body `{error, code, request_id, documentation_url}`,',
    "and in each item of the aviation envelope's `errors`. Branch on `code` (or the status), never on the sentence.",
    '`documentation_url` links the entry of its code: `<gateway>/docs/errors#<code>`, this page as the gateway',
    'renders it (the Markdown is at `<gateway>/docs/errors.md`). The OpenAPI description (`/openapi.json`) lists, per',
    'operation, the statuses and codes it can answer, from the same catalogue.',
    '',
    '| Code | Status | Meaning |',
    '|---|---|---|',
    ...codes.map((code) => tableRow(code, statuses(code), ERROR_CODES[code].meaning)),
    '',
  ];
  for (const code of codes) {
    const entry = ERROR_CODES[code];
    lines.push(
      ...entryLines(
        code,
        `**${statuses(code)}**.`,
        entry.meaning,
        `What to do: ${remedyOf(code)}`,
        `Answered by: ${entry.operations.map(scopeWords).join(', ')}.`,
      ),
    );
  }
  lines.push(...streamSection());
  return lines.join('\n');
}

/** The codes a stream's terminal `error` event carries; those only streams send get an entry of their own. */
function streamSection(): string[] {
  const codes = Object.keys(STREAM_ERROR_CODES) as StreamErrorCode[];
  const own = codes.filter((code) => !(code in ERROR_CODES));
  const lines = [
    "## In a stream's terminal `error` event",
    '',
    'A Server-Sent Events stream answers 200 before it knows how it ends. One that ends in failure sends a last',
    '`event: error` whose data is `{"error": ..., "code": ...}` (a failed search adds `connectors`), then closes.',
    'Its `code` is one of these; a code also answered as a status means the same thing there.',
    '',
    '| Code | Sent by | Meaning |',
    '|---|---|---|',
    ...codes.map((code) => {
      const entry = STREAM_ERROR_CODES[code];
      return tableRow(code, entry.operations.map((op) => `\`${op}\``).join(', '), entry.meaning);
    }),
    '',
  ];
  for (const code of own) {
    const entry = STREAM_ERROR_CODES[code];
    const by = `Sent by: ${entry.operations.map(scopeWords).join(', ')}.`;
    lines.push(...entryLines(code, "**In a stream's terminal `error` event.**", entry.meaning, null, by));
  }
  return lines;
}

/** A row of a summary table, linking the code's entry. */
const tableRow = (code: string, where: string, meaning: string) =>
  `| [\`${code}\`](#${code}) | ${where} | ${meaning.replace(/\|/g, '\\|')} |`;

/** A code's own entry: its heading (the anchor), when it is answered, what it means, what to do, where from. */
// eslint-disable-next-line @typescript-eslint/max-params -- five strings, each a line of the entry in order
const entryLines = (code: string, lead: string, meaning: string, remedy: string | null, from: string) => [
  `## ${code}`,
  '',
  `${lead} ${meaning}`,
  '',
  ...(remedy ? [remedy, ''] : []),
  from,
  '',
];

/** GET /docs/errors.md: the Markdown, public, as the docs page is. */
export function registerErrorsDocument(app: FastifyInstance): void {
  const text = renderErrorsDocument();
  app.get(
    ERRORS_DOCUMENT_PATH,
    { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } },
    async (_request, reply) =>
      reply.type('text/markdown; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(text),
  );
}
