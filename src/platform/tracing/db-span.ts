import { ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import { inSpan, SpanKind } from './tracer.js';

/**
 * A span around one database transaction that matters to a request's time (the booking's), named
 * by what it does: its statements' round trips are inside it. Embedded storage is PostgreSQL too.
 */
export function tracedTransaction<T>(work: string, run: () => Promise<T>): Promise<T> {
  return inSpan(
    `db ${work}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { [ATTR_DB_SYSTEM_NAME]: 'postgresql', [ATTR_DB_OPERATION_NAME]: 'TRANSACTION', 'flightagg.db.work': work },
    },
    () => run(),
  );
}

/** A span around one Redis round trip that matters (the shared search cache), named by its command. */
export function tracedRedis<T>(command: string, what: string, run: () => Promise<T>): Promise<T> {
  return inSpan(
    `redis ${command}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { [ATTR_DB_SYSTEM_NAME]: 'redis', [ATTR_DB_OPERATION_NAME]: command, 'flightagg.redis.key_kind': what },
    },
    () => run(),
  );
}
