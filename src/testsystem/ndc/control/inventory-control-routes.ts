// GET /control/inventory?flight=AA2687/2026-12-15: what a flight has left, per cabin, and which
// booking class each price class would sell now; GET /control/flights?origin=&destination=&date=:
// the route's flights that day (every departure from the origin without a destination). For tests and for people poking at the test system.

import type { FastifyInstance } from 'fastify';
import type { TestSystemDeps } from '../test-system-deps.js';

export function registerInventoryControlRoutes(app: FastifyInstance, deps: TestSystemDeps): void {
  app.get<{ Querystring: { flight?: string } }>('/control/inventory', async (request, reply) => {
    const key = request.query.flight ?? '';
    const flight = deps.schedule.flight(key);
    if (!flight) return reply.code(404).send({ error: `no flight ${key} (expected e.g. ${deps.profile.code}2687/2026-12-15)` });
    const cabins = deps.profile.network.aircraft[flight.pattern.aircraft]!.cabins.map(({ cabin }) => {
      const state = deps.inventory.cabin(flight, cabin);
      const openClasses = Object.fromEntries(
        deps.profile.fares.priceClasses
          .filter((p) => p.cabins[0] === cabin)
          .map((p) => [p.id, deps.inventory.openBookingClass(flight, cabin, p.rbds, 1)?.rbd ?? null]),
      );
      return { cabin, ...state, openClasses };
    });
    return {
      flight: key,
      operates: deps.schedule.operates(key),
      route: `${flight.pattern.origin}-${flight.pattern.destination}`,
      departureLocal: flight.depLocal,
      aircraft: flight.pattern.aircraft,
      operatingCarrier: flight.pattern.operatingCarrier,
      cabins,
    };
  });

  app.get<{ Querystring: { origin?: string; destination?: string; date?: string } }>(
    '/control/flights',
    async (request, reply) => {
      const { origin = '', destination = '', date = '' } = request.query;
      if (!/^[A-Z]{3}$/.test(origin) || !/^([A-Z]{3})?$/.test(destination) || !/^\d{4}-\d{2}-\d{2}$/.test(date))
        return reply
          .code(400)
          .send({ error: 'origin (IATA code) and date (YYYY-MM-DD) are required, destination an IATA code if given' });
      const flights = deps.schedule
        .departures(origin, date)
        .filter((f) => (destination === '' || f.pattern.destination === destination) && deps.schedule.operates(f.key))
        .map((f) => ({ flight: f.key, departureLocal: f.depLocal, arrivalLocal: f.arrLocal }));
      return { origin, destination, date, flights };
    },
  );
}
