import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyContext } from '../auth/api-key-gate.js';
import type { AppError } from '../platform/errors.js';
import { STREAM_ERROR_CODES, type StreamError, type StreamErrorCode } from '../platform/http/error-codes/stream-errors.js';
import { API_KEY_ROUTE } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import type { LookToBook } from './look-to-book.js';
import { offersJsonText } from './offer-view.js';
import { openEventStream } from './event-stream.js';
import {
  ConnectorStatusSchema,
  searchExamples,
  SearchRequestSchema,
  SearchResponseSchema,
  type SearchRequestBody,
} from './search-schemas.js';
import { withExamples } from '../platform/http/request-examples.js';
import type { SearchRateLimit } from './search-rate-limit.js';
import { newSearchId, type SearchService } from './search-service.js';
import { validateSearch } from './search-validation.js';
import { unknownAirportWarnings } from './search-warnings.js';
import type { AirportCodes } from '../aviation/airport-codes.js';
import { sendSearchAnswer } from './search-answer.js';

/** A failed search's terminal event: the sentence, code and fields (`connectors`) a whole search's 502 has. */
function streamFailure(failure: AppError): StreamError & Record<string, unknown> {
  const code = failure.code in STREAM_ERROR_CODES ? (failure.code as StreamErrorCode) : 'internal_error';
  return { error: failure.message, code, ...failure.fields };
}

export const FailedSchema = Type.Object({
  error: Type.String({
    description: '`all airline connections failed — please retry later`, or why a live connection is not configured',
  }),
  code: Type.String(),
  request_id: Type.String(),
  documentation_url: Type.String({ format: 'uri', description: "The code's entry in docs/errors.md" }),
  connectors: Type.Optional(Type.Array(ConnectorStatusSchema)),
});

const STREAM_DESCRIPTION = `Server-Sent Events, in this order: \`search\` \`{search_id, expires_at}\` first; then
\`offers\` \`{offers: [Offer]}\` events as each airline answers: one per airline, or two when the airline's first
offers are final before the rest of its answer has been read (a one-way search's first 20 leave at once); a cache
hit sends the whole result as one. Then exactly one terminal event: \`done\` \`{total, connectors}\` (\`total\`: the
offers sent; \`warnings\` too when the answer has any, as in the whole answer: an airport code no data set knows,
offers not in the requested \`currency\`) or \`error\` \`{error, code}\` (\`code\` from docs/errors.md's stream codes: \`all_airlines_failed\` with
\`connectors\`, \`airline_not_configured\`, \`internal_error\`, \`server_shutting_down\`). Validation and 429 answer as plain JSON before the stream opens. Closing the
connection cancels the airline calls.`;

export interface SearchRoutesOptions {
  platform: Platform;
  search: SearchService;
  lookToBook: LookToBook;
  /** The per-agency search rate limit, shared by both search endpoints and the dashboard's search. */
  rateLimit: SearchRateLimit;
  /** The airport codes the imported data knows: a search naming one it does not is warned. */
  airportCodes: AirportCodes;
}

/** POST /v1/shopping/offers and /v1/shopping/offers/stream. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (
  app,
  { platform, search: service, lookToBook, rateLimit, airportCodes },
) => {
  const { config } = platform;

  const limits = `Rate limit: ${config.search.rateLimitPerMinute} searches per rolling minute per agency (adjustable per agency), both search endpoints and the dashboard's search (\`POST /v1/dev/shopping/offers\`) together; 429 with \`Retry-After: 60\` beyond it; \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` on every answer. Identical searches within the cache time-to-live (${config.search.cacheTtlSeconds} s, never past the earliest offer expiry; results with no offers, with an airline down, or with an airline that answered no offers are not cached) come from cache. Offers are ordered cheapest first across airlines (\`total_amount\`; an answer in more than one currency is grouped by currency code, each group cheapest first; docs/shopping.md). The aggregator time-out bounding a search is ${config.search.timeoutMs} ms.`;

  const prepare = (body: SearchRequestBody, apiKey: ApiKeyContext | null) => {
    const request = validateSearch(body, platform.clock());
    lookToBook.recordSearch(apiKey?.agencyId ?? null);
    const environment = apiKey?.environment ?? 'test';
    const warnings = unknownAirportWarnings(request, body.slices !== undefined, airportCodes);
    return { request, environment, key: service.cacheKey(request, environment), warnings };
  };

  // With Redis the rate limit's script has usually read the cache already (one round trip for both).
  const cachedBody = async (request: FastifyRequest, key: string) => {
    const read = rateLimit.cachedWith(request, key);
    return read !== undefined ? read : service.cachedBody(key);
  };

  app.post(
    '/v1/shopping/offers',
    {
      config: API_KEY_ROUTE,
      preValidation: rateLimit.enforce,
      schema: {
        operationId: 'searchOffers',
        tags: ['shopping'],
        summary: 'Search every connected airline for offers',
        description: `One-way (origin, destination, departure_date), round trip (add return_date) or multi-city (slices). Offers are normalized; \`connectors\` says which airlines answered, timed out or failed. ${limits}`,
        body: withExamples(SearchRequestSchema, searchExamples),
        response: { 200: SearchResponseSchema, 502: FailedSchema },
      },
    },
    async (request, reply) => {
      const { request: search, environment, key, warnings } = prepare(request.body, request.apiKey);
      return sendSearchAnswer(request, reply, {
        options: { search: service, lookToBook, rateLimit },
        search: { request: search, environment, key },
        agencyId: request.apiKey?.agencyId ?? null,
        warnings,
      });
    },
  );

  app.post(
    '/v1/shopping/offers/stream',
    {
      config: API_KEY_ROUTE,
      preValidation: rateLimit.enforce,
      schema: {
        operationId: 'streamOffers',
        tags: ['shopping'],
        summary: 'Search every connected airline, streaming offers as each airline answers',
        description: `${STREAM_DESCRIPTION}\n\nSame request, validation, caching, look-to-book accounting and rate limit as POST /v1/shopping/offers. ${limits}`,
        body: withExamples(SearchRequestSchema, searchExamples),
        response: {
          200: { description: STREAM_DESCRIPTION, content: { 'text/event-stream': { schema: Type.String() } } },
        },
      },
    },
    async (request, reply) => {
      const { request: search, environment, key, warnings } = prepare(request.body, request.apiKey);
      // The terminal `done` carries warnings as the whole answer does: only when there are any.
      const hit = await cachedBody(request, key);
      const stream = openEventStream(reply);
      if (hit) {
        const cached = JSON.parse(hit.toString('utf8')) as {
          search_id: string;
          expires_at: string;
          offers: unknown[] | null;
          connectors: unknown;
          warnings?: unknown[];
        };
        stream.send('search', { search_id: cached.search_id, expires_at: cached.expires_at });
        stream.send('offers', { offers: cached.offers ?? [] });
        const all = [...warnings, ...(cached.warnings ?? [])];
        stream.send('done', {
          total: cached.offers?.length ?? 0,
          connectors: cached.connectors,
          ...(all.length > 0 && { warnings: all }),
        });
        return stream.end();
      }
      const expiresAt = new Date(platform.clock().getTime() + config.search.cacheTtlSeconds * 1000).toISOString();
      const searchId = newSearchId();
      stream.send('search', { search_id: searchId, expires_at: expiresAt });
      try {
        // `done` counts what was sent: an airline that failed after handing out its first offers
        // (its answer broke off further on) still had those sent.
        let sent = 0;
        const { result } = await service.run({
          request: search,
          environment,
          key,
          searchId,
          signal: stream.signal,
          onBatch: (batch) => {
            sent += batch.length;
            stream.send('offers', `{"offers":${offersJsonText(batch)}}`);
          },
        });
        lookToBook.recordAirlineSearches(request.apiKey?.agencyId ?? null, service.airlinesReached(result));
        const failure = service.failureOf(result);
        if (failure) stream.send('error', streamFailure(failure));
        else {
          // The airport warnings of now, then the currency warnings of the airlines' answers.
          const all = [...warnings, ...result.warnings];
          stream.send('done', { total: sent, connectors: result.connectors, ...(all.length > 0 && { warnings: all }) });
        }
      } catch (err) {
        request.log.error({ err }, 'search stream failed');
        stream.send('error', { error: 'internal server error', code: 'internal_error' } satisfies StreamError);
      }
      stream.end();
    },
  );
};
