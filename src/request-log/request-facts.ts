import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived, by the platform clock (set by the request log's onRequest hook). */
    arrivedAtMs: number;
  }
}

/**
 * One request as the log keeps it: an agency's API-key request, or a search, price or booking a
 * member made from the dashboard. Facts only, never a header or a query string; its bodies, when
 * recorded, travel beside it (body-capture.ts).
 */
export interface RequestFacts {
  /** When the request arrived, in epoch milliseconds (the clock when its onRequest hook ran). */
  atMs: number;
  agencyId: string;
  /** The API key; null for a dashboard request. */
  apiKeyId: string | null;
  /** The dashboard member (on a support session, the operator); null for an API-key request. */
  userId: string | null;
  environment: 'test' | 'live';
  method: string;
  /** The matched route's pattern (`/v1/orders/:orderID`). */
  route: string;
  /** The path as sent, without the query string, cut at PATH_MAX characters. */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** The error body's `code` when the answer was an error; null otherwise. */
  errorCode: string | null;
}

/** Longer paths are cut: a row's size stays bounded whatever a client sends (offer ids run to ~1 KB). */
export const PATH_MAX = 512;

/**
 * The facts of a finished request admitted by the API-key gate, or of a dashboard booking request
 * whose agency and environment were settled (`request.dashboardBooking`), or null for any other
 * request (public, other session routes, refused by the gate, a static key outside any agency).
 * The query string is dropped here, at the one place a row is made, so no filter value or token in
 * it is ever kept.
 */
export function requestFacts(request: FastifyRequest, reply: FastifyReply): RequestFacts | null {
  // Runs after every admitted request: one object made, nothing spread or copied that need not be.
  const key = request.apiKey;
  const booking = request.dashboardBooking;
  let agencyId: string;
  let apiKeyId: string | null = null;
  let userId: string | null = null;
  let environment: 'test' | 'live';
  if (key !== null && key.agencyId !== null) {
    agencyId = key.agencyId;
    apiKeyId = key.id;
    environment = key.environment;
  } else if (booking !== null) {
    agencyId = booking.agencyId;
    userId = booking.userId;
    environment = booking.environment;
  } else {
    return null;
  }
  const url = request.url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const durationMs = reply.elapsedTime;
  const status = reply.statusCode;
  return {
    atMs: request.arrivedAtMs,
    agencyId,
    apiKeyId,
    userId,
    environment,
    method: request.method,
    route: request.routeOptions.url ?? path,
    path: path.length > PATH_MAX ? path.slice(0, PATH_MAX) : path,
    status,
    durationMs: Math.round(durationMs * 100) / 100,
    requestId: request.id,
    errorCode: status >= 400 ? reply.errorCode : null,
  };
}
