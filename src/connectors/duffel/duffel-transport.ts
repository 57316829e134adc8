import { Pool, errors as undiciErrors } from 'undici';
import { traceAirlineCall, type Exchange } from '../../platform/tracing/outbound-span.js';
import { AnswerTooLargeError, ANSWER_LIMIT_BYTES, readAnswerText } from '../answer-text.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { DuffelApiError } from './duffel-api.js';
import { failureFromDuffelErrors } from './duffel-errors.js';

/** Where a Duffel API is reached, and with which access token (`duffel_test_...` or `duffel_live_...`). */
export interface DuffelEndpoint {
  baseUrl: string;
  token: string;
}

/** The API version every request names (what @duffel/api 4.30.0 sends). */
export const DUFFEL_VERSION = 'v2';

/** One request: method, path under the base URL (query included), JSON body's `data`, time budget. */
export interface DuffelCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  data?: unknown;
  /** The whole exchange, waiting out a rate limit included. */
  budgetMs: number;
  signal?: AbortSignal | undefined;
  /** What the call is about, for messages ("offer request", "order"). */
  what: string;
}

/** A successful answer: Duffel's `data` and, for lists, `meta` (`after`, `before`, `limit`). */
export interface DuffelAnswer<T> {
  data: T;
  meta: { after?: string | null; before?: string | null; limit?: number } | null;
}

/** GETs only read: sent again once when a pooled socket drops under them. POSTs may have acted. */
const droppedConnection = (err: unknown): boolean => {
  const code = (err as { code?: string }).code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
};

/**
 * When Duffel's rate limit resets, from its `ratelimit-reset` header: an HTTP date (what Duffel
 * sends), epoch seconds, or seconds from now. Null when absent or unreadable.
 */
export function rateLimitResetAt(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const n = Number(trimmed);
    return n > 1_000_000_000 ? n * 1000 : now + n * 1000;
  }
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : date;
}

/**
 * Duffel's JSON API over one pooled undici connection set per origin: `Authorization: Bearer`,
 * `Duffel-Version: v2`, a time budget per call, and every failure a value. A 429 is honoured: the
 * origin is closed to every call until `ratelimit-reset`, so no request is resent before then; a
 * call whose budget cannot wait that long answers a retryable failure at once instead.
 */
export class DuffelTransport {
  private readonly pools = new Map<string, Pool>();
  /** Per origin and token: when Duffel said its rate limit resets (epoch ms). */
  private readonly limitedUntil = new Map<string, number>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly answerLimitBytes = ANSWER_LIMIT_BYTES,
  ) {}

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: 32, keepAliveTimeout: 30_000, pipelining: 1 });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** One call, traced as a span named by what it is about (outbound-span.ts) when tracing is on. */
  async call<T>(endpoint: DuffelEndpoint, call: DuffelCall): Promise<ConnectorResult<DuffelAnswer<T>>> {
    const url = new URL(call.path.replace(/^\//, ''), endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl : `${endpoint.baseUrl}/`);
    const body = call.data === undefined ? undefined : JSON.stringify({ data: call.data });
    return traceAirlineCall(
      {
        name: `Duffel ${call.what}`,
        source: 'DUFFEL',
        method: call.method,
        url,
        requestBytes: body === undefined ? 0 : Buffer.byteLength(body),
      },
      (exchange) => this.send<T>({ url, body }, endpoint, call, exchange),
    );
  }

  private async send<T>(
    { url, body }: { url: URL; body: string | undefined },
    endpoint: DuffelEndpoint,
    call: DuffelCall,
    exchange: Exchange,
  ): Promise<ConnectorResult<DuffelAnswer<T>>> {
    const started = this.clock();
    const deadline = started + call.budgetMs;
    const limitKey = `${url.origin} ${endpoint.token}`;
    for (let attempt = 1; ; attempt++) {
      const waited = await this.waitOutRateLimit(limitKey, deadline, call);
      if (waited) return waited;
      const remaining = deadline - this.clock();
      if (remaining <= 0)
        return fail(failure('timeout', `Duffel did not answer the ${call.what} within ${call.budgetMs / 1000} s`));
      const budget = AbortSignal.timeout(remaining);
      const signal = call.signal ? AbortSignal.any([budget, call.signal]) : budget;
      let status: number;
      let text: string;
      let headers: Record<string, string | string[] | undefined>;
      try {
        const response = await this.pool(url.origin).request({
          path: url.pathname + url.search,
          method: call.method,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'duffel-version': DUFFEL_VERSION,
            authorization: `Bearer ${endpoint.token}`,
            ...exchange.headers,
          },
          ...(body !== undefined && { body }),
          signal,
        });
        status = response.statusCode;
        headers = response.headers;
        const answer = await readAnswerText(response.body, this.answerLimitBytes);
        text = answer.text;
        exchange.status = status;
        exchange.responseBytes = answer.bytes;
      } catch (err) {
        if (call.signal?.aborted) return fail(failure('cancelled', 'the request was cancelled'));
        if (err instanceof AnswerTooLargeError) {
          return fail(failure('bad_response', `Duffel's answer to the ${call.what} could not be read: ${err.message}`));
        }
        if (budget.aborted || err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
          return fail(failure('timeout', `Duffel did not answer the ${call.what} within ${call.budgetMs / 1000} s`));
        }
        if (attempt === 1 && call.method === 'GET' && droppedConnection(err)) continue;
        return fail(failure('unavailable', `Duffel could not be reached (${(err as Error).message})`));
      }
      if (status === 429) {
        // Closed until the reset Duffel names (a second when it names none); then one more try if the budget allows.
        const resetAt = rateLimitResetAt(headers['ratelimit-reset'], this.clock()) ?? this.clock() + 1000;
        this.limitedUntil.set(limitKey, Math.max(resetAt, this.limitedUntil.get(limitKey) ?? 0));
        if (attempt === 1) continue;
        return fail(
          failure(
            'unavailable',
            `Duffel's rate limit is reached (HTTP 429) until ${new Date(resetAt).toISOString()}`,
            'rate_limit_exceeded',
          ),
        );
      }
      return interpret<T>(status, text, call.what);
    }
  }

  /** Waits for a rate limit's reset when the budget allows; a failure at once when it does not. */
  private async waitOutRateLimit(key: string, deadline: number, call: DuffelCall): Promise<ConnectorResult<never> | null> {
    const until = this.limitedUntil.get(key);
    if (until === undefined) return null;
    const now = this.clock();
    if (until <= now) {
      this.limitedUntil.delete(key);
      return null;
    }
    if (until >= deadline) {
      return fail(
        failure(
          'unavailable',
          `Duffel's rate limit is reached until ${new Date(until).toISOString()}; the ${call.what} was not sent`,
          'rate_limit_exceeded',
        ),
      );
    }
    try {
      await sleep(until - now, call.signal);
    } catch {
      return fail(failure('cancelled', 'the request was cancelled'));
    }
    return null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function interpret<T>(status: number, text: string, what: string): ConnectorResult<DuffelAnswer<T>> {
  type Body = { data?: unknown; meta?: DuffelAnswer<T>['meta']; errors?: DuffelApiError[] };
  let parsed: Body | null = null;
  try {
    const value: unknown = text.length > 0 ? JSON.parse(text) : null;
    parsed = value && typeof value === 'object' ? (value as Body) : null;
  } catch {
    parsed = null;
  }
  const errors = Array.isArray(parsed?.errors) ? parsed.errors : [];
  if (status >= 200 && status < 300 && errors.length === 0) {
    if (status === 204) return ok({ data: null as T, meta: null });
    if (!parsed || parsed.data === undefined)
      return fail(failure('bad_response', `Duffel's answer to the ${what} could not be read (HTTP ${status})`));
    return ok({ data: parsed.data as T, meta: parsed.meta ?? null });
  }
  return fail(failureFromDuffelErrors(status, errors, what));
}
