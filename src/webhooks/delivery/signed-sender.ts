import type { Logger } from 'pino';
import { inSpan, SpanKind, SpanStatusCode, traceHeaders } from '../../platform/tracing/tracer.js';
import type { DispatcherDeps } from './dispatcher-deps.js';
import { webhookHeaders } from './headers.js';
import { createPinnedAgent } from './pinned-agent.js';
import { sendAttempt, type SendResult } from './sender.js';

/** What one signed attempt needs: where, the sealed secret, the headers' values and the exact body. */
export interface SignedRequest {
  url: string;
  secretSealed: string;
  event: string;
  deliveryId: string;
  body: string;
  at: Date;
  test?: boolean;
  /** Which attempt at the delivery this is (1 for the first), for its trace span. */
  attempt?: number;
}

export interface SignedSender {
  /**
   * One signed attempt through the pinned agent and the SSRF guard: every delivery's, and a test
   * delivery's (`test` adds `X-Service-Test: true`). Never throws.
   */
  send(request: SignedRequest): Promise<SendResult>;
  /** Closes the pinned agent's sockets. */
  close(): Promise<void>;
}

export function createSignedSender(
  deps: Pick<DispatcherDeps, 'keyring' | 'guard' | 'ca' | 'attemptTimeoutMs'> & { logger: Logger },
): SignedSender {
  const { logger } = deps;
  const agent = createPinnedAgent({ ...deps.guard, ca: deps.ca, attemptTimeoutMs: deps.attemptTimeoutMs });

  async function send(request: SignedRequest): Promise<SendResult> {
    // Tracing on: each attempt is a client span, and the receiver gets its `traceparent`.
    return inSpan(
      'webhook attempt',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'flightagg.webhook.event': request.event,
          'flightagg.webhook.delivery_id': request.deliveryId,
          ...(request.attempt !== undefined && { 'flightagg.webhook.attempt': request.attempt }),
          'flightagg.webhook.test': request.test === true,
          'http.request.body.size': Buffer.byteLength(request.body),
        },
      },
      async (span) => {
        const result = await attempt(request);
        if (span) {
          if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
          span.setAttribute('flightagg.outcome', result.error === null ? 'delivered' : 'failed');
          if (result.error !== null) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
        }
        return result;
      },
    );
  }

  async function attempt(request: SignedRequest): Promise<SendResult> {
    const secret = deps.keyring.open('webhook-secrets', request.secretSealed);
    const result = await sendAttempt(
      agent,
      deps.guard,
      {
        url: request.url,
        timeoutMs: deps.attemptTimeoutMs,
        body: request.body,
        headers: {
          ...webhookHeaders({ event: request.event, deliveryId: request.deliveryId, secret, body: request.body, at: request.at }),
          ...(request.test ? { 'x-service-test': 'true' } : {}),
          ...traceHeaders(),
        },
      },
      () => performance.now(),
    );
    if (result.refused)
      logger.warn(
        { deliveryId: request.deliveryId, resolution: result.refused },
        'webhook attempt refused: its host is not public',
      );
    return result;
  }

  return { send, close: () => agent.close() };
}
