import type { PGlite } from '@electric-sql/pglite';
import type { StorageHealth } from './storage-health.js';

/**
 * PGlite is one in-process connection. Kysely's PostgresDialect wants a pg-style pool, so this
 * hands out that single connection to one borrower at a time: a transaction keeps it until it
 * commits, and every other query waits its turn instead of slipping into the open transaction.
 */
export class PgliteSingleConnectionPool {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    /** Called once per statement or script sent: the request-cost counter. */
    private readonly onQuery: () => void = () => {},
    /** Told of every write that succeeds and every statement the disk refused. */
    private readonly storage: StorageHealth | null = null,
  ) {}

  async connect(): Promise<PgliteClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    await previous;
    return new PgliteClient(this.pglite, release, this.onQuery, this.storage);
  }

  async end(): Promise<void> {
    await this.tail;
  }
}

const WRITE_COMMANDS = /^\s*(insert|update|delete|merge)\b/i;

class PgliteClient {
  private released = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void,
    private readonly onQuery: () => void,
    private readonly storage: StorageHealth | null,
  ) {}

  async query(sql: string, params: readonly unknown[] = []) {
    this.onQuery();
    const result = await this.pglite.query<Record<string, unknown>>(sql, [...params]).catch(this.noteFailure);
    // Kysely reads `command` only to decide whether `rowCount` means affected rows.
    const command = WRITE_COMMANDS.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
    if (command !== 'SELECT') this.storage?.sawWrite();
    return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
  }

  async exec(script: string): Promise<void> {
    this.onQuery();
    await this.pglite.exec(script).catch(this.noteFailure);
  }

  private readonly noteFailure = (err: unknown): never => {
    this.storage?.sawError(err);
    throw err;
  };

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}

export type { PgliteClient };
