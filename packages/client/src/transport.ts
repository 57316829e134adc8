import { errorFromAnswer, FlightaggConnectionError } from './errors.js';
import { backoffMs, retryableAnswer, retryAfterMs, retryDelayMs, sleep, type RetrySettings } from './retry-policy.js';

export interface ClientOptions {
  /** The agency's API key (`fa_test_…` or `fa_live_…`), sent as `X-API-Key`. */
  apiKey: string;
  /** The gateway's address, such as `http://localhost:8080`. */
  baseUrl: string;
  /** A fetch of your own (a proxy agent, a test double); the global one by default. */
  fetch?: typeof globalThis.fetch;
  /**
   * Attempts after the first on 429, 503, a 409 the gateway says may be retried (`order_busy`) and
   * (for calls that cannot act twice) failed connections. Default 2.
   */
  maxRetries?: number;
  /** Longest `Retry-After` the client waits out itself (default 60 s); a longer one is thrown with `retryAfterMs`. */
  maxRetryDelayMs?: number;
  /**
   * Time budget of one attempt until its answer is read, in milliseconds. Default 90 s: a booking
   * waits on the airline, and the gateway bounds its own airline calls well inside that.
   */
  timeoutMs?: number;
}

/** What every method takes last. */
export interface CallOptions {
  /** Cancels the call, its retries and their waits. */
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | null | undefined;

export interface Call extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with its ids already percent-encoded. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /** Sent as `Idempotency-Key`, the same on every attempt: the call may then be repeated safely. */
  idempotencyKey?: string;
  headers?: Readonly<Record<string, string>>;
  /** The answer is a stream: the time budget ends once its headers arrived. */
  stream?: boolean;
}

const VERSION = '1.0.0';

/** Sends calls to one gateway: its URL and key, time budget, retries and error mapping. */
export class Transport {
  readonly #options: Required<Omit<ClientOptions, 'fetch'>> & { fetch: typeof globalThis.fetch };

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('createClient: apiKey is required');
    if (!/^https?:\/\//.test(options.baseUrl ?? '')) throw new TypeError('createClient: baseUrl must be an http(s) URL');
    this.#options = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 90_000,
    };
  }

  /** The answer's JSON (undefined for 204), or the error it answered. */
  async json<T>(call: Call): Promise<T> {
    const { body } = await this.send(call);
    return body as T;
  }

  /** The open response of a stream (status 2xx); its body is the caller's to read. */
  async open(call: Call): Promise<Response> {
    const { response } = await this.send({ ...call, stream: true });
    return response;
  }

  private url(path: string, query: Call['query'] = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const text = search.toString();
    return `${this.#options.baseUrl}${path}${text ? `?${text}` : ''}`;
  }

  private async send(call: Call): Promise<{ response: Response; body: unknown }> {
    const settings: RetrySettings = this.#options;
    // A read, or a write the server deduplicates by its key, may be sent again after no answer.
    const repeatable = call.method === 'GET' || call.idempotencyKey !== undefined;
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < settings.maxRetries;
      let answered: { response: Response; body: unknown };
      try {
        answered = await this.attempt(call);
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        if (!repeatable || !retriesLeft) throw new FlightaggConnectionError(connectionMessage(call, error), { cause: error });
        await sleep(backoffMs(attempt, settings.maxRetryDelayMs), call.signal);
        continue;
      }
      const { response, body } = answered;
      if (response.ok) return answered;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      const code = body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : null;
      const retry = retriesLeft && retryableAnswer(response.status, code, call.idempotencyKey !== undefined);
      const delay = retry ? retryDelayMs(attempt, asked, settings) : null;
      if (delay === null) throw errorFromAnswer(response, { body, retryAfterMs: asked });
      await sleep(delay, call.signal);
    }
  }

  /** One request under the time budget; the body is read too unless it is a successful stream. */
  private async attempt(call: Call): Promise<{ response: Response; body: unknown }> {
    if (call.signal?.aborted) throw call.signal.reason;
    const controller = new AbortController();
    const abort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer within ${this.#options.timeoutMs} ms`)),
      this.#options.timeoutMs,
    );
    let streaming = false;
    try {
      const response = await this.#options.fetch(this.url(call.path, call.query), {
        method: call.method,
        headers: this.headers(call),
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
      streaming = call.stream === true && response.ok;
      return { response, body: streaming ? undefined : await readBody(response) };
    } finally {
      clearTimeout(timer);
      // An open stream stays tied to the caller's signal: aborting it ends the stream.
      if (!streaming) call.signal?.removeEventListener('abort', abort);
    }
  }

  private headers(call: Call): Record<string, string> {
    return {
      'x-api-key': this.#options.apiKey,
      accept: call.stream ? 'text/event-stream' : 'application/json',
      'user-agent': `flightagg-client/${VERSION}`,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.idempotencyKey === undefined ? {} : { 'idempotency-key': call.idempotencyKey }),
      ...call.headers,
    };
  }
}

/** The body as JSON when it says it is, its text otherwise, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function connectionMessage(call: Call, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${call.method} ${call.path}: no answer (${reason})`;
}
