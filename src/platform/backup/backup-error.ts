/** A backup or restore the operator can fix (a missing keyring, a directory in use): one line, exit 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}
