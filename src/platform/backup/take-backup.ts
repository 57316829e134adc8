import fs from 'node:fs';
import path from 'node:path';
import type { Platform } from '../platform.js';
import { BackupError } from './backup-error.js';
import { countRows, type BackupCounts } from './store.js';

export interface BackupReport {
  file: string;
  bytes: number;
  counts: BackupCounts;
  /** The keyring keys the backup's secrets were sealed with: needed, besides the file, to restore. */
  keyring_key_ids: string[];
  /** Where this gateway's keyring is: KEYRING, or the keyring file in the data directory. */
  keyring_source: string;
}

/**
 * Writes the embedded database to `file` as a gzip-compressed tarball of its data directory. On a
 * running gateway it is taken inside that process (the CLI sends `backup` over the admin channel),
 * between two statements and after a checkpoint: one consistent state, while the gateway serves.
 * The file is written beside its name and renamed into place, so a crash leaves no half backup.
 * The keyring is not in it: secrets in the backup open only with the keyring they were sealed with.
 */
export async function takeBackup(platform: Platform, file: string): Promise<BackupReport> {
  const { database } = platform;
  if (!database.dump) {
    throw new BackupError(
      'backup copies embedded storage only; this gateway uses PostgreSQL (DATABASE_URL): ' +
        'back it up with pg_dump, or base backups and WAL archiving for point-in-time recovery (docs/operations/backups.md)',
    );
  }
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`the folder of ${target} does not exist`);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already; name a new file (a backup never overwrites one)`);
  const counts = await database.withClient(countRows);
  const dump = await database.dump('gzip');
  const partial = `${target}.partial`;
  try {
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: 'wx' });
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return {
    file: target,
    bytes: fs.statSync(target).size,
    counts,
    keyring_key_ids: platform.keyring.keyIds().map((k) => k.id),
    keyring_source: platform.config.keyring ? 'KEYRING' : path.join(platform.config.dataDir, 'keyring'),
  };
}
