/**
 * Whether storage takes writes: set failing when a statement fails for a reason of the disk
 * (full, read-only, I/O error), back to ok when a write succeeds again. Readiness reports it, so a
 * gateway whose disk filled up stops answering 200 while its writes answer 503.
 */
export class StorageHealth {
  private failingSince: Date | null = null;

  get failing(): boolean {
    return this.failingSince !== null;
  }

  /** Notes a failed statement; true when it failed for a storage reason. */
  sawError(err: unknown): boolean {
    if (!isStorageFailure(err)) return false;
    this.failingSince ??= new Date();
    return true;
  }

  sawWrite(): void {
    this.failingSince = null;
  }
}

// SQLSTATE 53100 disk_full, 58030 io_error, 25006 read_only_sql_transaction (a server put read-only).
const STORAGE_SQLSTATES = new Set(['53100', '58030', '25006']);
// The same from the file system, as Node or the embedded database's own file layer say it.
const STORAGE_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EIO', 'EROFS']);
const STORAGE_MESSAGES = /No space left on device|Disk quota exceeded|File too large|Input\/output error|Read-only file system/;

/** Whether `err` is a write refused for storage reasons rather than for anything in the request. */
export function isStorageFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (STORAGE_SQLSTATES.has(code) || STORAGE_ERRNOS.has(code))) return true;
  return typeof message === 'string' && STORAGE_MESSAGES.test(message);
}
