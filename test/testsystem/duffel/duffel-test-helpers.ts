// Starting the Duffel test system for tests, on a fixed clock, with @duffel/api's own client.

import { Duffel } from '@duffel/api';
import {
  startDuffelTestSystem,
  DUFFEL_TEST_DEVELOPMENT_TOKEN,
  type DuffelTestSystem,
  type DuffelTestSystemOptions,
} from '../../../src/testsystem/duffel/server.js';

/** The test clock: searches are for TRAVEL_DATE, two weeks later. */
export const NOW = '2026-12-01T10:00:00.000Z';
export const TRAVEL_DATE = '2026-12-15';

export async function startFixed(options: DuffelTestSystemOptions = {}): Promise<DuffelTestSystem> {
  const system = await startDuffelTestSystem(options);
  await control(system, 'POST', '/control/clock', { now: NOW });
  return system;
}

export const client = (system: DuffelTestSystem, token = DUFFEL_TEST_DEVELOPMENT_TOKEN) =>
  new Duffel({ token, basePath: system.url });

export async function control(system: DuffelTestSystem, method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A passenger ready for POST /air/orders. */
export const traveller = (id: string, n = 1) => ({
  id,
  title: 'ms' as const,
  gender: 'f' as const,
  given_name: `Amelia${n}`,
  family_name: 'Earhart',
  born_on: '1987-07-24',
  email: `amelia${n}@example.com`,
  phone_number: '+442080160509',
});

export const searchSlice = (origin: string, destination: string, date = TRAVEL_DATE) => ({
  origin,
  destination,
  departure_date: date,
  arrival_time: null,
  departure_time: null,
});
