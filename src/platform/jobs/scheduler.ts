import type { Logger } from 'pino';
import type { Database } from '../db/database.js';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Run once right after start, then every interval. */
  runOnStart?: boolean;
  /** Only one instance in the cluster runs it at a time (a PostgreSQL advisory lock). */
  oncePerCluster?: boolean;
  run(): Promise<void>;
}

function lockIdOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Periodic background work: connector probes, data syncs, order sweeps. A run never overlaps the
 * previous run of the same job, failures are logged and retried at the next tick, and stop()
 * waits for runs in progress so shutdown does not cut a sweep in half.
 */
export class Scheduler {
  private readonly jobs: ScheduledJob[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  add(job: ScheduledJob): void {
    this.jobs.push(job);
  }

  start(): void {
    for (const job of this.jobs) {
      if (job.runOnStart) void this.runNow(job.name);
      this.timers.push(setInterval(() => void this.runNow(job.name), job.intervalMs).unref());
    }
  }

  /** Runs a job now (tests call this instead of waiting for the timer). */
  async runNow(name: string): Promise<void> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no scheduled job named ${name}`);
    if (this.stopped) return;
    const inFlight = this.running.get(name);
    if (inFlight) return inFlight;
    const run = this.execute(job).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  private async execute(job: ScheduledJob): Promise<void> {
    try {
      // Embedded storage is one process by construction (the data directory is locked), and its
      // single connection cannot be held for a lock while the job queries.
      if (!job.oncePerCluster || this.database.kind === 'pglite') return await job.run();
      await this.database.withClient(async (client) => {
        const [row] = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [lockIdOf(job.name)]);
        if (!row?.locked) return;
        try {
          await job.run();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockIdOf(job.name)]);
        }
      });
    } catch (err) {
      this.logger.error({ err, job: job.name }, 'scheduled job failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled(this.running.values());
  }
}
