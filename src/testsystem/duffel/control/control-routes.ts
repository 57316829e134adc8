// /control/*: the test system's own switches, not Duffel's API, answered with plain JSON. The clock
// (offers, holds and quotes expire by it), airline-initiated schedule changes on an order, the rate
// limit, errors injected into the next calls, the webhook target and secret, and a full reset.

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { detectScheduleChange } from '../orders/airline-initiated-changes.js';
import { DuffelApiError, type DuffelErrorType } from '../wire/duffel-errors.js';

const ERROR_TYPES: readonly DuffelErrorType[] = [
  'airline_error',
  'api_error',
  'authentication_error',
  'invalid_request_error',
  'invalid_state_error',
  'rate_limit_error',
  'validation_error',
];

const refuse = (reply: FastifyReply, message: string) => reply.code(400).send({ error: message });
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export function registerControlRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.get('/control/state', async () => ({
    now: new Date(await deps.now()).toISOString(),
    storage: deps.store.kind,
    rateLimit: await deps.limiter.setting(),
    faults: await deps.faults.list(),
    webhooks: { url: deps.webhooks.target().url },
    orders: (await deps.store.list('order')).length,
  }));

  app.post<{ Body: { now?: string; advanceSeconds?: number; real?: boolean } }>('/control/clock', async (request, reply) => {
    const body = request.body ?? {};
    const current = (await deps.store.setting<{ fixedMs: number | null; skewMs: number }>('clock')) ?? {
      fixedMs: null,
      skewMs: 0,
    };
    if (body.real === true) await deps.setClock({ fixedMs: null, skewMs: 0 });
    else if (typeof body.now === 'string') {
      const at = Date.parse(body.now);
      if (Number.isNaN(at)) return refuse(reply, 'now must be an ISO 8601 date-time');
      await deps.setClock({ fixedMs: at, skewMs: 0 });
    } else if (isInt(body.advanceSeconds, 1, 10 * 365 * 86_400))
      await deps.setClock({ ...current, skewMs: current.skewMs + body.advanceSeconds * 1000 });
    else return refuse(reply, 'give now (ISO 8601), advanceSeconds (a positive whole number) or real: true');
    return { now: new Date(await deps.now()).toISOString() };
  });

  app.post<{ Params: { id: string }; Body: { sliceIndex?: number; minutes?: number } }>(
    '/control/orders/:id/schedule-change',
    async (request, reply) => {
      const { sliceIndex = 0, minutes = 75 } = request.body ?? {};
      if (!isInt(sliceIndex, 0, 9)) return refuse(reply, 'sliceIndex must be a whole number from 0');
      if (!isInt(minutes, -1440, 1440) || minutes === 0)
        return refuse(reply, 'minutes must be a non-zero whole number from -1440 to 1440');
      try {
        const change = await detectScheduleChange(deps, request.params.id, sliceIndex, minutes);
        return reply.code(201).send({ airline_initiated_change: change });
      } catch (err) {
        if (err instanceof DuffelApiError) return reply.code(err.status === 404 ? 404 : 409).send({ error: err.message });
        throw err;
      }
    },
  );

  app.post<{ Body: { limit?: number; windowSeconds?: number } }>('/control/rate-limit', async (request, reply) => {
    const { limit, windowSeconds = 60 } = request.body ?? {};
    if (!isInt(limit, 1, 100_000)) return refuse(reply, 'limit must be a whole number from 1');
    if (!isInt(windowSeconds, 1, 3600)) return refuse(reply, 'windowSeconds must be a whole number from 1 to 3600');
    await deps.limiter.configure({ limit, windowMs: windowSeconds * 1000 });
    return { rateLimit: await deps.limiter.setting() };
  });

  app.delete('/control/rate-limit', async () => {
    await deps.limiter.reset();
    return { rateLimit: await deps.limiter.setting() };
  });

  app.post<{
    Body: {
      status?: number;
      type?: string;
      code?: string;
      title?: string;
      message?: string;
      field?: string;
      pointer?: string;
      path?: string;
      times?: number;
    };
  }>('/control/faults', async (request, reply) => {
    const {
      status = 502,
      type = 'airline_error',
      code = 'airline_unavailable',
      title,
      message,
      field,
      pointer,
      path,
      times = 1,
    } = request.body ?? {};
    if (!isInt(status, 400, 599)) return refuse(reply, 'status must be an HTTP error status (400-599)');
    if (!ERROR_TYPES.includes(type as DuffelErrorType)) return refuse(reply, `type must be one of ${ERROR_TYPES.join(', ')}`);
    if (typeof code !== 'string' || !/^[a-z_]{1,60}$/.test(code)) return refuse(reply, 'code must be a snake_case word');
    if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/air/')))
      return refuse(reply, 'path must start with /air/');
    if (!isInt(times, 1, 1000)) return refuse(reply, 'times must be a whole number from 1');
    if (field !== undefined && (typeof field !== 'string' || !/^[a-z_.\d]{1,100}$/.test(field)))
      return refuse(reply, 'field must be a field name (letters, digits, _ and .)');
    if (pointer !== undefined && (typeof pointer !== 'string' || !/^(\/[a-z_\d]+){1,10}$/.test(pointer)))
      return refuse(reply, 'pointer must be a JSON pointer (/passengers/0/phone_number)');
    await deps.faults.add({
      status,
      type: type as DuffelErrorType,
      code,
      title: title ?? 'Injected error',
      message: message ?? 'This error was injected through the test system’s control route',
      source: field === undefined && pointer === undefined ? null : { ...(field && { field }), ...(pointer && { pointer }) },
      pathPrefix: path ?? null,
      remaining: times,
    });
    return reply.code(201).send({ faults: await deps.faults.list() });
  });

  app.delete('/control/faults', async (_request, reply) => {
    await deps.faults.clear();
    return reply.code(204).send();
  });

  app.put<{ Body: { url?: string | null; secret?: string } }>('/control/webhooks', async (request, reply) => {
    const { url, secret } = request.body ?? {};
    if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
      return refuse(reply, 'url must be an http(s) URL or null');
    if (secret !== undefined && (typeof secret !== 'string' || secret.length < 8))
      return refuse(reply, 'secret must be a string of at least 8 characters');
    deps.webhooks.setTarget({ url, ...(secret ? { secret } : {}) });
    return { webhooks: { url: deps.webhooks.target().url } };
  });

  app.post('/control/reset', async (_request, reply) => {
    await deps.change(async () => {
      await deps.store.clear();
    });
    await deps.faults.clear();
    await deps.limiter.reset();
    return reply.code(204).send();
  });
}
