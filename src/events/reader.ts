import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../platform/errors.js';
import type { EventIds } from './event-ids.js';
import type { EventReader } from './service.js';

/** The agency and environment behind the key; a static key has none (401, as on GET /v1/orders). */
export function readerOf(request: FastifyRequest, ids: EventIds): EventReader & { keyId: string } {
  const key = request.apiKey;
  if (!key || key.kind === 'static' || !key.agencyId) throw unauthorized('unauthorized');
  return { agencyId: key.agencyId, environment: key.environment, ids, keyId: key.id };
}
