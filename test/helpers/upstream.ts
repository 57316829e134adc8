// ../shared, beside the repository, holds upstream reference material: the IATA NDC 21.3 schemas
// and published samples, and the OurAirports / OpenFlights snapshots. It is read in place and never
// copied into the project (shared/ndc/README.md), so a user's clone has none of it. A test that
// needs some of it calls `needsUpstream(...)`: where the material is missing the test is skipped
// with the reason, which vitest prints; it is never failed for it, and never passed without the
// check it could not make. CI keeps ../shared beside the clone and runs everything.
import fs from 'node:fs';
import path from 'node:path';
import { getCurrentTest } from 'vitest/suite';

const REPO = path.resolve(import.meta.dirname, '../..');
export const SHARED_DIR = path.resolve(REPO, '../shared');

export const NDC_SCHEMA_DIR = path.resolve(process.env.NDC_SCHEMA_DIR ?? path.join(SHARED_DIR, 'ndc/schemas-21.3'));
export const NDC_SAMPLES_DIR = path.resolve(process.env.NDC_SAMPLES_DIR ?? path.join(SHARED_DIR, 'ndc/samples-21.3'));
export const AVIATION_DATA_DIR = path.join(SHARED_DIR, 'data');

const MATERIAL = {
  'ndc-schemas': { dir: NDC_SCHEMA_DIR, what: 'the IATA NDC 21.3 schemas (set NDC_SCHEMA_DIR)' },
  'ndc-samples': { dir: NDC_SAMPLES_DIR, what: 'the published NDC 21.3 samples (set NDC_SAMPLES_DIR)' },
  'aviation-data': { dir: AVIATION_DATA_DIR, what: 'the OurAirports and OpenFlights snapshots' },
} as const;

export type Upstream = keyof typeof MATERIAL;

/** Why a test needing this material cannot run here, or null when it is present. */
export function upstreamMissing(kind: Upstream): string | null {
  const { dir, what } = MATERIAL[kind];
  return fs.existsSync(dir) ? null : `needs ${what} at ${dir}: upstream material, not copied into the project`;
}

/** Skips the running test, naming what is missing, when the material is not here. */
export function needsUpstream(kind: Upstream): void {
  const missing = upstreamMissing(kind);
  if (!missing) return;
  const test = getCurrentTest();
  // Outside a test (a hook or module scope) there is nothing to skip: say plainly what is missing.
  if (!test) throw new Error(missing);
  test.context.skip(missing);
}

/** A describe block's name with the skip reason appended, for `describe.skipIf(...)`. */
export const withSkipReason = (name: string, reason: string | null): string => (reason ? `${name} (skipped: ${reason})` : name);
