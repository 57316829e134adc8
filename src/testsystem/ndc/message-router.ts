// POST /ndc/21.3/<Message>: subscription key, well-formedness, schema validation, faults, then the
// message's handler. Every failure is an NDC Error document in the message's response root.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { airShoppingHandler } from './messages/airshopping-handler.js';
import type { FaultKind } from './control/fault-control.js';
import type { MessageHandler } from './messages/message-handler.js';
import { errorDocument } from './wire/ndc-errors.js';
import { payloadAttributes } from './wire/payload-attributes.js';
import { el, ndcDocument } from './wire/xml-builder.js';
import { MalformedXmlError, parseNdc } from './wire/ndc-request-parser.js';
import { offerPriceHandler } from './messages/offerprice-handler.js';
import type { RequestValidation } from './wire/request-validation.js';
import { lenientRequest } from './wire/request-leniency.js';
import { seatAvailabilityHandler } from './messages/seatavailability-handler.js';
import { serviceListHandler } from './messages/servicelist-handler.js';
import { ORDER_HANDLERS } from './orders/order-handlers.js';
import type { TestSystemDeps } from './test-system-deps.js';

export const HANDLERS: readonly MessageHandler[] = [
  airShoppingHandler,
  offerPriceHandler,
  seatAvailabilityHandler,
  serviceListHandler,
  ...ORDER_HANDLERS,
];

/** The response root for a message path, so even framework-level failures answer in the right RS. */
export function responseRootFor(url: string): string {
  const name = url.split('?')[0]?.split('/').pop() ?? '';
  return HANDLERS.find((h) => h.message === name)?.responseRoot ?? 'IATA_AirShoppingRS';
}

/** How long the slow scenario waits: long enough to notice, short enough for a client's budget. */
export const SLOW_DELAY_MS = 3000;
/** The time-out scenario holds the request longer than any sane client waits. */
export const TIMEOUT_DELAY_MS = 65_000;

const XML = 'application/xml; charset=utf-8';

function keyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMessageRoutes(
  app: FastifyInstance,
  deps: TestSystemDeps,
  options: { subscriptionKey: string; validation: RequestValidation },
): void {
  const byName = new Map(HANDLERS.map((h) => [h.message, h]));
  // Waits, but stops early when the client hangs up (the response's socket closes), so a time-out
  // scenario does not pin a timer for a caller that is gone.
  const sleep = (ms: number, reply: FastifyReply): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      reply.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const errors = deps.profile.errors;
  async function applyFault(
    { kind, delayMs, status }: { kind: FaultKind; delayMs?: number | undefined; status?: number | undefined },
    handler: MessageHandler,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (kind === 'slow') {
      await sleep(delayMs ?? SLOW_DELAY_MS, reply);
      return false;
    }
    // The message is answered for real and cut off as it is sent (below).
    if (kind === 'truncated') return false;
    if (kind === 'empty') {
      if (handler.message !== 'AirShopping') return false;
      const empty = ndcDocument(handler.responseRoot, [
        el('Response', [el('OffersGroup', [el('CarrierOffers', [])])]),
        payloadAttributes(deps.clock.now()),
      ]);
      await reply.code(200).type(XML).send(empty);
      return true;
    }
    if (kind === 'timeout') {
      await sleep(delayMs ?? TIMEOUT_DELAY_MS, reply);
      if (reply.raw.destroyed) return true;
      await reply
        .code(504)
        .type(XML)
        .send(errorDocument(handler.responseRoot, [errors.unavailable]));
      return true;
    }
    if (kind === 'http5xx') {
      await reply
        .code(status ?? 503)
        .type(XML)
        .send(errorDocument(handler.responseRoot, [errors.unavailable]));
      return true;
    }
    await reply
      .code(200)
      .type(XML)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><${handler.responseRoot} xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage"><Response><DataLists><PaxList><Pax><PaxID>`,
      );
    return true;
  }

  app.post<{ Params: { message: string } }>('/ndc/21.3/:message', async (request, reply) => {
    const handler = byName.get(request.params.message);
    const root = handler?.responseRoot ?? 'IATA_AirShoppingRS';
    const check = deps.profile.keyCheck;
    const key = request.headers[check.header];
    // The airline's API gateway refuses keys before any NDC code runs, in its own words (AA: Azure
    // API Management's JSON {"statusCode": 401, "message": "..."}).
    if (typeof key !== 'string' || key === '') return check.refuse(reply, 'missing', root);
    if (!keyMatches(key, options.subscriptionKey)) return check.refuse(reply, 'invalid', root);
    if (!handler) {
      return reply
        .code(404)
        .type(XML)
        .send(errorDocument(root, [errors.badRequest(`Unknown NDC message ${request.params.message}`)]));
    }
    const active = deps.faults.take(handler.message);
    if (
      active &&
      (await applyFault({ kind: active.kind, delayMs: active.delayMs || undefined, status: active.status }, handler, reply))
    )
      return reply;
    // Read as the airline's API reads it: what it takes beyond the schema mended first (request-leniency.ts).
    const body = lenientRequest(typeof request.body === 'string' ? request.body : '', deps.profile.wire.requestChildOrder);
    let parsed;
    try {
      parsed = parseNdc(body);
    } catch (error) {
      const detail = error instanceof MalformedXmlError ? error.message : 'unreadable body';
      return reply
        .code(400)
        .type(XML)
        .send(errorDocument(handler.responseRoot, [errors.malformed(detail)]));
    }
    const validation = await options.validation.validate(body, parsed, handler.requestRoot);
    if (!validation.valid) {
      const detail = validation.errors.slice(0, 3).join('; ').slice(0, 900);
      return reply
        .code(400)
        .type(XML)
        .send(errorDocument(handler.responseRoot, [errors.schemaInvalid(detail)]));
    }
    const route = handler.route(parsed, deps);
    const routeFault = route ? deps.profile.scenarios.routeFaults[route] : undefined;
    if (routeFault && (await applyFault({ kind: routeFault }, handler, reply))) return reply;
    // The handler runs alone and what it changed is stored before it answers (storage/airline-state.ts).
    const result = await deps.state.atomically(() => handler.handle(parsed, deps));
    const answer = active?.kind === 'truncated' ? result.body.slice(0, Math.floor(result.body.length * 0.8)) : result.body;
    return reply.code(result.status).type(XML).send(answer);
  });
}
