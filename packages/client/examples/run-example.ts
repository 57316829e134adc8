import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type FlightaggClient } from '@flightagg/client';

/**
 * Runs an example when its file is the script started (`npx tsx examples/book-and-cancel.ts`):
 * the gateway at FLIGHTAGG_BASE_URL (default http://localhost:8080) with the key in
 * FLIGHTAGG_API_KEY; prints what the example answers as JSON. Imported, it does nothing.
 */
export async function runWhenStarted(meta: ImportMeta, example: (client: FlightaggClient) => Promise<unknown>): Promise<void> {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(meta.url)) return;
  const apiKey = process.env.FLIGHTAGG_API_KEY;
  if (!apiKey) {
    console.error('Set FLIGHTAGG_API_KEY to your key (fa_test_…); FLIGHTAGG_BASE_URL defaults to http://localhost:8080.');
    process.exit(2);
  }
  const client = createClient({ apiKey, baseUrl: process.env.FLIGHTAGG_BASE_URL ?? 'http://localhost:8080' });
  console.log(JSON.stringify(await example(client), null, 2));
}

/** A date `days` from today (UTC) as YYYY-MM-DD: the examples search ahead, so they never go stale. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The traveller every example books. */
export const TRAVELLER = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' };
