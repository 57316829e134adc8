/**
 * Who an API description is for. The gateway serves one complete description per audience, so an
 * integrator's generated client holds only what an X-API-Key reaches:
 * - `integrator`: an agency's code with an API key (shopping, offers, orders, events, aviation,
 *   monitoring) and the public health and newsletter routes; at `/openapi.json`, the contract;
 * - `dashboard`: the developer portal and the dashboard's own booking routes (`/v1/dev`), with a
 *   session bearer token;
 * - `operator`: the platform operators' routes (`/v1/admin`) and the airlines' callbacks to the
 *   gateway (change notifications, Duffel's webhooks), which the operator wires up with each airline.
 */
export const API_AUDIENCES = ['integrator', 'dashboard', 'operator'] as const;
export type ApiAudience = (typeof API_AUDIENCES)[number];
