// A change request changes the flights and dates of the slices it removes, never where they go: the
// slices added, in order, each keep the origin and destination of the removed slice they replace (the
// order's slices in their order). A request that drops, adds or turns round a slice's way is refused
// as Duffel refuses a body it cannot use: a validation error naming the added slice
// (duffel.com/docs/api/order-change-requests: "the slices of an existing paid order that you want to
// remove and search criteria for new slices you want to add").

import type { PlaceAirport } from '../content/places.js';
import { invalid } from '../wire/duffel-errors.js';

interface Way {
  origin: { iata_code: string };
  destination: { iata_code: string };
}

const wayOf = (s: Way) => `${s.origin.iata_code}-${s.destination.iata_code}`;

/** Throws Duffel's validation error unless `add` replaces `removed` (in the order's order) way for way. */
export function requireWaysKept(removed: Way[], add: { origin: PlaceAirport; destination: PlaceAirport }[]): void {
  const ways = removed.map(wayOf);
  if (add.length !== removed.length)
    throw invalid(
      'slices.add',
      `The change removes ${removed.length} slice(s) (${ways.join(', ')}) and adds ${add.length}: ` +
        'add one slice in place of each slice removed, in order, on its origin and destination',
      'validation_invalid',
    );
  add.forEach((a, i) => {
    for (const end of ['origin', 'destination'] as const)
      if (a[end].code !== removed[i]![end].iata_code)
        throw invalid(
          `slices.add.${i}.${end}`,
          `slices.add.${i} flies ${a.origin.code}-${a.destination.code} in place of the slice ${ways[i]}: ` +
            "a change keeps each removed slice's origin and destination",
          'validation_invalid',
        );
  });
}
