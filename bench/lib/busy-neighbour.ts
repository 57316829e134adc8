import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * A second process that keeps one core busy while a bench measures, so a figure says what the
 * gateway does on a shared machine rather than on an idle one (issue 19). The child spins and
 * exits by itself after `maxSeconds` (a bench that dies cannot leave it running for long); `stop()`
 * ends it at once. `BENCH_BUSY=0` turns it off.
 */
export interface BusyNeighbour {
  readonly running: boolean;
  /** Holds the spinner (SIGSTOP) / lets it spin again (SIGCONT): a bench alternates quiet and busy blocks. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

// The spinner's whole program: busy loops until its deadline or a signal ends it.
const SPIN = `
const end = Date.now() + Number(process.argv[1]) * 1000;
let x = 0;
while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;
`;

export const busyNeighbourWanted = () => process.env.BENCH_BUSY !== '0';

export function startBusyNeighbour(maxSeconds = 600): BusyNeighbour {
  const child: ChildProcess = spawn(process.execPath, ['-e', SPIN, String(maxSeconds)], { stdio: 'ignore' });
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // A bench that throws still ends its spinner with it.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    get running() {
      return !exited;
    },
    pause() {
      if (!exited) child.kill('SIGSTOP');
    },
    resume() {
      if (!exited) child.kill('SIGCONT');
    },
    async stop() {
      process.off('exit', onExit);
      // SIGKILL: a paused spinner would hold a SIGTERM until continued.
      if (!exited) child.kill('SIGKILL');
      await done;
    },
  };
}

/** The 1, 5 and 15 minute load averages, as a bench prints them beside its figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/**
 * Samples in alternating blocks, quiet then busy, after a warm-up: both figures then come from the
 * same stretch of the run (JIT tier-up and other load drift spread over both, where two rounds one
 * after the other measured the second one the faster, whichever it was). Without a neighbour
 * (`BENCH_BUSY=0`) every sample is quiet.
 */
export async function alternating<T>(
  samples: number,
  warmup: number,
  measure: (i: number) => Promise<T>,
  block = 10,
): Promise<{ quiet: T[]; busy: T[] }> {
  const quiet: T[] = [];
  const busy: T[] = [];
  for (let i = 0; i < warmup; i++) await measure(i);
  if (!busyNeighbourWanted()) {
    for (let i = 0; i < samples; i++) quiet.push(await measure(warmup + i));
    return { quiet, busy };
  }
  const neighbour = startBusyNeighbour();
  neighbour.pause();
  try {
    for (let i = 0; i < 2 * samples; i++) {
      const loaded = Math.floor(i / block) % 2 === 1;
      if (i % block === 0) {
        if (loaded) neighbour.resume();
        else neighbour.pause();
        // The spinner's time slice starts before the block's first sample.
        await new Promise((r) => setTimeout(r, 20));
      }
      (loaded ? busy : quiet).push(await measure(warmup + i));
    }
  } finally {
    await neighbour.stop();
  }
  return { quiet, busy };
}
