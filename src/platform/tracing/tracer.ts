import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/**
 * The gateway's one door to tracing: the spans around its own seams (requests, airline calls,
 * the booking transaction, webhook attempts) go through here. While tracing is off (the default:
 * start-tracing.ts never ran) every helper calls straight through, creates no span, touches no
 * context and injects no header, so an untraced gateway pays one null check per seam.
 *
 * The tracer is process-wide, as OpenTelemetry's own registration is: one process exports to one
 * collector whatever number of apps it builds (tests build several on one platform).
 */
let active: Tracer | null = null;

/** Set by start-tracing.ts once the SDK is registered; null again when it shuts down. */
export function useTracer(tracer: Tracer | null): void {
  active = tracer;
}

/** The tracer, or null while tracing is off: callers that open spans by hand check this first. */
export function activeTracer(): Tracer | null {
  return active;
}

/**
 * Runs `fn` inside a span named `name`, the current span its parent; a throw marks the span as an
 * error and is rethrown. `fn` gets the span (null while tracing is off) to add what it learns.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  const tracer = active;
  if (!tracer) return fn(null);
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * The W3C trace-context headers (`traceparent`, `tracestate`) that carry the current span to the
 * service a request goes to; empty while tracing is off or no span is current.
 */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (active) propagation.inject(context.active(), headers);
  return headers;
}

/** The context a caller's `traceparent` names (the root context when it names none). */
export function extractedContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(context.active(), headers);
}

/** `trace_id` and `span_id` of the current span for a log line: nothing when there is none. */
export function currentTraceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = active ? trace.getActiveSpan() : undefined;
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind, SpanStatusCode, type Span };
