import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
} from '@opentelemetry/semantic-conventions';
import { inSpan, SpanKind, SpanStatusCode, traceHeaders } from './tracer.js';

/** What a transport learns of one exchange, for its span: filled in as the answer comes. */
export interface Exchange {
  /** The trace-context headers to send with the request (empty while tracing is off). */
  readonly headers: Record<string, string>;
  status: number | null;
  responseBytes: number | null;
}

/** A connector's result as the span reads it (connectors/connector-failure.ts's, without importing it). */
type CallResult = { ok: true } | { ok: false; failure: { kind: string; message: string } };

/** Who and what one airline or source call is about. */
export interface OutboundCall {
  /** The span's name: the NDC message (`AirShopping`, `OrderCreate`) or the Duffel operation. */
  name: string;
  source: string;
  /** The airline answering, where the call names one (an NDC airline; Duffel's are many). */
  airline?: string;
  method: string;
  url: URL;
  requestBytes: number;
}

/**
 * One call to an airline or source as a client span, child of whatever span is current (the search
 * or booking request): message, source, airline, outcome (`ok` or the failure kind), HTTP status
 * and bytes each way. The transport sends `exchange.headers` so the airline can continue the trace.
 */
export async function traceAirlineCall<R extends CallResult>(
  call: OutboundCall,
  send: (exchange: Exchange) => Promise<R>,
): Promise<R> {
  return inSpan(
    call.name,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'flightagg.source': call.source,
        ...(call.airline !== undefined && { 'flightagg.airline': call.airline }),
        'flightagg.message': call.name,
        [ATTR_HTTP_REQUEST_METHOD]: call.method,
        [ATTR_SERVER_ADDRESS]: call.url.hostname,
        'http.request.body.size': call.requestBytes,
      },
    },
    async (span) => {
      const exchange: Exchange = { headers: span ? traceHeaders() : {}, status: null, responseBytes: null };
      const result = await send(exchange);
      if (span) {
        if (exchange.status !== null) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, exchange.status);
        if (exchange.responseBytes !== null) span.setAttribute('http.response.body.size', exchange.responseBytes);
        span.setAttribute('flightagg.outcome', result.ok ? 'ok' : result.failure.kind);
        if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.failure.message });
      }
      return result;
    },
  );
}
