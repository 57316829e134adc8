import type { FlightaggClient } from '@flightagg/client';
import { daysFromToday, runWhenStarted } from './run-example.js';

/** A streamed search: each airline's offers as they arrive, the cheapest so far kept, then the summary. */
export async function searchStream(client: FlightaggClient) {
  let searchId = '';
  let batches = 0;
  let cheapest: { offer_id: string; total_amount: number } | null = null;
  for await (const { event, data } of client.offers.searchStream({
    origin: 'DFW',
    destination: 'ORD',
    departure_date: daysFromToday(28),
    adults: 1,
  })) {
    if (event === 'search') searchId = data.search_id;
    else if (event === 'offers') {
      batches += 1;
      // Each batch could be shown at once; here only the cheapest is kept.
      for (const offer of data.offers) if (!cheapest || offer.total_amount < cheapest.total_amount) cheapest = offer;
    } else {
      // `done` ends the loop: `total` offers were sent, `connectors` says how each airline answered,
      // `warnings` (when present) what to check in the request.
      return {
        searchId,
        batches,
        total: data.total,
        cheapest: cheapest?.offer_id ?? null,
        airlines: data.connectors.map((c) => `${c.source}:${c.status}`),
        warnings: data.warnings ?? [],
      };
    }
  }
  throw new Error('the stream ended without done');
}

await runWhenStarted(import.meta, searchStream);
