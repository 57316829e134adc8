import { Pool, errors as undiciErrors } from 'undici';
import { AnswerTooLargeError, ANSWER_LIMIT_BYTES, readAnswerText } from '../answer-text.js';
import { fail, failure, ok, type ConnectorFailure, type ConnectorResult } from '../connector-failure.js';
import { traceAirlineCall, type Exchange } from '../../platform/tracing/outbound-span.js';
import type { NdcAirlineProfile, NdcErrorTexts } from './ndc-airline-profile.js';
import { list, node, parseXml, text, type Parsed } from './ndc-xml.js';
import type { ReadOptions } from './xml-reader.js';

export interface NdcEndpoint {
  baseUrl: string;
  subscriptionKey: string;
}

export type NdcMessage = 'AirShopping' | 'OfferPrice' | 'SeatAvailability' | 'ServiceList' | (string & {});

/**
 * Messages that only read or quote: sent again once when the connection drops under them. A pooled
 * socket the airline closed (its idle cut-off, a restart) can be picked before the client has read
 * that close, and the request fails without the airline having seen it. OrderCreate and
 * OrderChange (which also carries cancellations) are never sent twice: the airline may have acted
 * on the first copy.
 */
const RESENDABLE: ReadonlySet<NdcMessage> = new Set([
  'AirShopping',
  'OfferPrice',
  'SeatAvailability',
  'ServiceList',
  'OrderRetrieve',
  'OrderQuote',
  'OrderReshop',
]);

/** The socket closed or reset under the request, as opposed to a refusal to connect or a timeout. */
function droppedConnection(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * The airline's errors as one failure: the first error is the cause, in the carrier's words with
 * its code in brackets; a following line the airline's texts call a cascade (AA's "priced segment
 * reference missing") repeats the same refusal and is dropped rather than reported as a second
 * cause (interface rule 8). Its texts also tell "gone" (not_found) and "nothing published"
 * (not_available) from a refusal of a valid request.
 */
export function failureFromNdcErrors(errors: Parsed[], said: NdcErrorTexts): ConnectorFailure {
  const lines = errors.flatMap((e) => {
    const code = text(e.Code);
    const desc = text(e.DescText) ?? text(e.StatusText) ?? 'the airline refused the request';
    const [first, ...rest] = desc.split(/\r?\n/);
    const head = code && !first!.trimStart().startsWith('[') ? `[${code}] ${first}` : first!;
    return [head, ...rest].map((line) => line.trim()).filter(Boolean);
  });
  const causes = lines.filter((line, i) => i === 0 || !said.cascade.test(line));
  const message = causes.join('; ');
  const code = text(errors[0]?.Code);
  const kind = said.gone.test(message) ? 'not_found' : said.nothingPublished.test(message) ? 'not_available' : 'refused';
  return failure(kind, message, code);
}

/** One NDC message to send: its name, its XML, its time budget, and how to read the answer. */
export interface NdcCall {
  message: NdcMessage;
  xml: string;
  /** The whole exchange, from connecting to the last byte of the answer (profile.budgetsMs). */
  budgetMs: number;
  /** The caller's own cancellation (a search the client left). */
  signal?: AbortSignal | undefined;
  /** Element listeners for an answer read as it streams (early offers). */
  read?: ReadOptions | undefined;
}

/**
 * NDC over HTTP for one airline: one pooled undici connection set per endpoint, the subscription
 * key in the airline's header, a time budget per call, and every failure turned into a value, read
 * with the airline's error texts. Response bodies are always read to the end so pooled sockets are reused.
 */
export class NdcTransport {
  private readonly pools = new Map<string, Pool>();

  constructor(
    private readonly airline: Pick<NdcAirlineProfile, 'code' | 'subscriptionKeyHeader' | 'errorTexts'>,
    private readonly answerLimitBytes = ANSWER_LIMIT_BYTES,
  ) {}

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      // Enough parallel sockets for a fan-out burst; keep-alive below the airline's idle cut-off.
      pool = new Pool(origin, { connections: 32, keepAliveTimeout: 30_000, pipelining: 1 });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Sends one message, traced as a span named by it (outbound-span.ts) when tracing is on. */
  async call(endpoint: NdcEndpoint, call: NdcCall): Promise<ConnectorResult<Parsed>> {
    const url = new URL(`ndc/21.3/${call.message}`, endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl : `${endpoint.baseUrl}/`);
    const { code } = this.airline;
    return traceAirlineCall(
      { name: call.message, source: code, airline: code, method: 'POST', url, requestBytes: Buffer.byteLength(call.xml) },
      (exchange) => this.send(url, endpoint, call, exchange),
    );
  }

  private async send(
    url: URL,
    endpoint: NdcEndpoint,
    { message, xml, budgetMs, signal, read }: NdcCall,
    exchange: Exchange,
  ): Promise<ConnectorResult<Parsed>> {
    const budget = AbortSignal.timeout(budgetMs);
    const combined = signal ? AbortSignal.any([budget, signal]) : budget;
    let status: number;
    let body: string;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.pool(url.origin).request({
          path: url.pathname + url.search,
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            accept: 'application/xml',
            [this.airline.subscriptionKeyHeader]: endpoint.subscriptionKey,
            ...exchange.headers,
          },
          body: xml,
          signal: combined,
        });
        status = response.statusCode;
        const answer = await readAnswerText(response.body, this.answerLimitBytes);
        body = answer.text;
        exchange.status = status;
        exchange.responseBytes = answer.bytes;
        break;
      } catch (err) {
        if (signal?.aborted) return fail(failure('cancelled', 'the request was cancelled'));
        if (err instanceof AnswerTooLargeError) {
          return fail(failure('bad_response', `the airline's ${message} answer could not be read: ${err.message}`));
        }
        if (budget.aborted || err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
          return fail(failure('timeout', `the airline did not answer ${message} within ${budgetMs / 1000} s`));
        }
        if (attempt === 1 && RESENDABLE.has(message) && droppedConnection(err)) continue;
        return fail(failure('unavailable', `the airline could not be reached (${(err as Error).message})`));
      }
    }
    return this.interpret(message, status, body, read);
  }

  private interpret(message: NdcMessage, status: number, body: string, read?: ReadOptions): ConnectorResult<Parsed> {
    let root: Parsed | null = null;
    try {
      // The caller's reading (element listeners that act on what they get) is for an answer only.
      const doc = parseXml(body, status >= 200 && status < 300 ? read : undefined);
      const name = Object.keys(doc).find((k) => k.startsWith('IATA_') && k.endsWith('RS'));
      root = name ? node(doc[name]) : null;
    } catch {
      root = null;
    }
    const errors = root ? list(root.Error) : [];
    if (status >= 500 || status === 401 || status === 403 || status === 429) {
      const said =
        errors
          .map((e) => text(e.DescText))
          .filter(Boolean)
          .join('; ') || gatewayMessage(body);
      return fail(failure('unavailable', `the airline answered HTTP ${status}${said ? `: ${said}` : ''}`, text(errors[0]?.Code)));
    }
    if (errors.length > 0) return fail(failureFromNdcErrors(errors, this.airline.errorTexts));
    if (!root || !root.Response) {
      return fail(failure('bad_response', `the airline's ${message} answer could not be read (HTTP ${status})`));
    }
    return ok(root);
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}

/** The text of a JSON refusal by an airline's API gateway (AA's `{"statusCode": 401, "message": "..."}`), or ''. */
function gatewayMessage(body: string): string {
  if (!body.trimStart().startsWith('{')) return '';
  try {
    const parsed: unknown = JSON.parse(body);
    const message = parsed && typeof parsed === 'object' ? (parsed as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}
