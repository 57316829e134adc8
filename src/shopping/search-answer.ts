import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStored } from '../platform/http/compression.js';
import type { LookToBook } from './look-to-book.js';
import type { UnknownAirportWarning } from './search-schemas.js';
import type { SearchRateLimit } from './search-rate-limit.js';
import type { SearchRun, SearchService } from './search-service.js';
import { withWarnings } from './search-warnings.js';

/** What a whole search's answer is sent with: the search service, the rate limit's cache read and look-to-book. */
export interface SearchAnswerOptions {
  search: SearchService;
  lookToBook: LookToBook;
  rateLimit: SearchRateLimit;
}

/**
 * Aborted when the client goes away before its answer is sent. Made only for a search that runs:
 * a hit needs no signal. Only a client gone early aborts: every abort makes an AbortError (a
 * DOMException with its stack), which cost a cache hit about a tenth of its CPU when made for
 * every answer.
 */
function goneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  // Gone already (while the request was read or the cache asked): no 'close' is coming.
  const socket = reply.raw.socket;
  if (reply.raw.destroyed || socket === null || socket.destroyed) gone.abort();
  else
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
  return gone.signal;
}

/**
 * Sends a whole search's answer (not streamed): the cached bytes of an identical search, read with
 * the rate limit when it could, or the search run now; `X-Cache` says which. A client that goes away
 * aborts the run. `warnings` are added to the bytes as they go out, never stored with them: a cached
 * answer carries the warnings of the airport data of now, whatever data it was stored under.
 */
export async function sendSearchAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    options,
    search,
    agencyId,
    warnings,
  }: {
    options: SearchAnswerOptions;
    search: Omit<SearchRun, 'searchId' | 'signal'>;
    agencyId: string | null;
    warnings: readonly UnknownAirportWarning[];
  },
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const answer = await options.search.answer({
    ...search,
    cached: options.rateLimit.cachedWith(request, search.key),
    signal: () => goneSignal(reply),
    onReached: (airlines) => options.lookToBook.recordAirlineSearches(agencyId, airlines),
  });
  reply.header('X-Cache', answer.cache);
  // The bytes go out as they are (no serializer, no schema, no copy); a hit's compressed forms are
  // made once per cache entry and coding, then sent as stored too. A warned answer is not the
  // stored one, so it is compressed as any other answer.
  if (warnings.length > 0) return reply.send(withWarnings(answer.bytes, warnings));
  return answer.cache === 'HIT' ? sendStored(reply, answer.bytes, answer.name) : reply.send(answer.bytes);
}
