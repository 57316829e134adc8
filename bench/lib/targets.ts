/**
 * Issue 49's targets, each named once here with the bench that measures it, so that `npm run bench`
 * (run-all.ts) can end with one table of every target: its median with the spread and verdict as
 * the bench found them, or "not run" with the reason (not built yet, not in this run, the bench
 * failed). A bench reports a target with `reportTarget`; run-all.ts gives each bench the file to
 * write to (BENCH_TARGETS_FILE). A bench run on its own writes nothing.
 */
import fs from 'node:fs';
import { formatSpread, verdict, type Spread } from './rounds.js';

export interface Target {
  id: string;
  /** What is compared and the bound, as the issue words it. */
  target: string;
  /** The bench script that measures it. */
  script: string;
  /** Set when no bench measures it yet: why, said in the summary as "not run". */
  notBuilt?: string;
}

export const TARGETS: readonly Target[] = [
  {
    id: 'cached-compressed',
    target: 'cached JFK-LHR search, br+gzip, 20 connections / bare route sending the same bytes >= 0.5',
    script: 'shopping-compressed.ts',
  },
  {
    id: 'uncached-compression-cpu',
    target: "uncached search: extra CPU for compressing its answer / the gateway's CPU <= 0.1",
    script: 'shopping-compressed.ts',
  },
  {
    id: 'bytes-per-offer',
    target: 'bytes on the wire per offer, compressed and not (reported)',
    script: 'shopping-compressed.ts',
  },
  {
    id: 'radius-logged',
    target: 'radius 100 km, 10 clients: p99 gateway / bare route with the gateway logger <= 2',
    script: 'aviation-http.ts',
  },
  {
    id: 'uncached-relay-floor',
    target: "uncached search, identity: gateway CPU / relay floor's (reported; <= 2.0 kept)",
    script: 'shopping-uncached.ts',
  },
  {
    id: 'uncached-compute-floor',
    target: 'uncached search: gateway CPU per answer / compute floor (fastest XML parser + serialize) <= 1.5',
    script: 'shopping-uncached.ts',
  },
  {
    id: 'uncached-both-floors',
    target:
      'uncached search: gateway CPU / (relay floor + compute floor), the work no gateway escapes; 1 + relay / compute is the least gateway / compute floor can be (reported)',
    script: 'shopping-uncached.ts',
  },
  {
    id: 'three-sources-cpu',
    target: "all sources: gateway CPU <= AA only + the other sources' own read and mapping",
    script: 'shopping-three-sources.ts',
  },
  {
    id: 'first-batch-slowed',
    target: 'first batch of the fastest source, one source slowed to 2 s: p50 (reported)',
    script: 'shopping-stream.ts',
  },
  { id: 'memory-start', target: '`npm start` RSS 15 s after start < 250 MB (embedded)', script: 'mixed.ts' },
  {
    id: 'memory-after-mix',
    target: 'RSS after a 60 s heavy mix (every class, bookings, webhooks) and 30 s idle < 300 MB',
    script: 'mixed.ts',
  },
  {
    id: 'mixed-three-ways',
    target: 'mixed.ts on embedded, PostgreSQL + Redis, two behind HAProxy (reported)',
    script: 'mixed.ts',
  },
];

export interface TargetResult {
  id: string;
  /** `0.93 (0.75-1.05)`, or the figure as measured when it is one reading. */
  figure: string;
  verdict: 'met' | 'not met' | 'inconclusive' | 'reported' | 'not run';
  detail?: string;
}

/** Appends one target's result to run-all.ts's file; nothing when the bench runs on its own. */
export function reportTarget(result: TargetResult): void {
  if (!TARGETS.some((t) => t.id === result.id)) throw new Error(`unknown target ${result.id}`);
  const file = process.env.BENCH_TARGETS_FILE;
  if (file) fs.appendFileSync(file, JSON.stringify(result) + '\n');
}

/** A ratio target's result from its rounds. */
export function ratioResult(
  id: string,
  spread: Spread,
  target: { atLeast: number } | { atMost: number },
  detail?: string,
  digits = 2,
): TargetResult {
  return { id, figure: formatSpread(spread, digits), verdict: verdict(spread, target), ...(detail && { detail }) };
}

/**
 * Every target, in the order above: the last result reported for it, or "not run" and why. `ran`
 * holds the scripts run, each with whether it ended well.
 */
export function targetsSummary(results: readonly TargetResult[], ran: ReadonlyMap<string, boolean>): Record<string, string>[] {
  return TARGETS.map((t) => {
    const found = results.filter((r) => r.id === t.id).at(-1);
    const row = { target: t.target, bench: t.script };
    if (found) return { ...row, 'median (spread)': found.figure, verdict: found.verdict, detail: found.detail ?? '' };
    const why =
      t.notBuilt ??
      (!ran.has(t.script)
        ? 'not in this run (npm run bench -- <name> picked others)'
        : ran.get(t.script)
          ? 'the bench ended without reporting it (see its output)'
          : 'the bench failed (see its output)');
    return { ...row, 'median (spread)': '-', verdict: 'not run', detail: why };
  });
}
