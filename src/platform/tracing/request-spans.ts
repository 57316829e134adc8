import type { Context } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activeTracer, extractedContext, SpanKind, SpanStatusCode } from './tracer.js';

/**
 * A server span per request, named by its route template (`POST /v1/orders`, never the path with
 * its ids), continuing the caller's trace when it sends `traceparent`; it ends with the answer's
 * status. Registered only while tracing is on: off, no hook runs.
 *
 * The request's context is entered again before validation and before the handler, because the
 * chain does not always continue in it: a body arrives through the socket's events (the same
 * reason as request-costs-hook.ts).
 */
export function registerRequestSpans(app: FastifyInstance): void {
  const tracer = activeTracer();
  if (!tracer) return;
  const contexts = new WeakMap<FastifyRequest, Context>();

  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const parent = extractedContext(request.headers);
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_HTTP_ROUTE]: route,
          [ATTR_URL_PATH]: request.url.split('?', 1)[0]!,
          'flightagg.request_id': request.id,
        },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    contexts.set(request, ctx);
    context.with(ctx, done);
  });
  const reenter = (request: FastifyRequest, done: () => void) => {
    const ctx = contexts.get(request);
    if (ctx) context.with(ctx, done);
    else done();
  };
  app.addHook('preValidation', (request, _reply, done) => reenter(request, done));
  app.addHook('preHandler', (request, _reply, done) => reenter(request, done));
  app.addHook('onResponse', (request, reply, done) => {
    const span = spanOf(contexts.get(request));
    if (span?.isRecording()) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      // A 4xx is the caller's mistake, not the server's: only 5xx marks the span an error.
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    reenter(request, done);
  });
  app.addHook('onRequestAbort', (request, done) => {
    const span = spanOf(contexts.get(request));
    if (span?.isRecording()) {
      span.setAttribute('flightagg.aborted', true);
      span.end();
    }
    done();
  });
}

function spanOf(ctx: Context | undefined) {
  return ctx ? trace.getSpan(ctx) : undefined;
}
