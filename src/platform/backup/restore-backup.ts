import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/data-dir-lock.js';
import type { ScriptClient } from '../db/database.js';
import { Keyring, KeyringError } from '../keyring/keyring.js';
import { BackupError } from './backup-error.js';
import { activeKeyIds, countRows, sealedSamples, type BackupCounts } from './store.js';

export interface RestoreOptions {
  /** The backup file `flightagg backup` wrote. */
  file: string;
  /** The data directory to restore into: empty or missing, or its database replaced with `force`. */
  dataDir: string;
  /** KEYRING, when the gateway will be started with it. */
  keyringSetting: string | null;
  /** A keyring file to copy into the data directory (where embedded storage keeps its own). */
  keyringFile?: string;
  force?: boolean;
}

export interface RestoreReport {
  data_dir: string;
  counts: BackupCounts;
  /** Which sealed values were opened with the keyring given, proving it is the backup's. */
  keyring_checked: string[];
  keyring_source: string;
}

/**
 * Unpacks a backup into a data directory a gateway can then start on, after proving the keyring
 * the gateway will have opens the backup's secrets: a restore with another keyring would serve,
 * but no API key would authenticate and no webhook could be signed.
 *
 * The database is unpacked and checked beside its final place, then renamed into it; a refused
 * restore leaves the directory as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  const keyringInDir = path.join(dataDir, 'keyring');
  // A keyring file alone is what an operator puts there first; anything else is someone's data.
  const occupied = present.filter((name) => name !== 'keyring' || options.keyringFile !== undefined);
  if (occupied.length > 0 && !options.force) {
    throw new BackupError(
      `${dataDir} is not empty (${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', …' : ''}): ` +
        'restore into a new data directory, or pass --force to replace the database in this one',
    );
  }
  const { keyring, source } = chooseKeyring(options, keyringInDir);
  // Refused if a gateway holds the directory; held until the restore is in place.
  const unlock = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const scratch = `${pgdata}.restore`;
  try {
    fs.rmSync(scratch, { recursive: true, force: true });
    const checked = await unpackAndCheck(file, scratch, keyring);
    if (options.keyringFile) fs.copyFileSync(path.resolve(options.keyringFile), keyringInDir);
    if (options.keyringFile) fs.chmodSync(keyringInDir, 0o600);
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(scratch, pgdata);
    return { data_dir: dataDir, counts: checked.counts, keyring_checked: checked.opened, keyring_source: source };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    unlock();
  }
}

function chooseKeyring(options: RestoreOptions, keyringInDir: string): { keyring: Keyring; source: string } {
  const [text, source] = options.keyringFile
    ? [readKeyringFile(options.keyringFile), path.resolve(options.keyringFile)]
    : options.keyringSetting
      ? [options.keyringSetting, 'KEYRING']
      : fs.existsSync(keyringInDir)
        ? [fs.readFileSync(keyringInDir, 'utf8'), keyringInDir]
        : [null, ''];
  if (text === null) {
    throw new BackupError(
      "a restore needs the keyring of the gateway that made the backup (the backup's API keys and webhook secrets are sealed with it): " +
        'pass --keyring-file <that gateway’s DATA_DIR/keyring>, or set KEYRING as that gateway had it',
    );
  }
  try {
    return { keyring: Keyring.parse(text), source };
  } catch (err) {
    if (err instanceof KeyringError) throw new BackupError(`the keyring from ${source} is not usable: ${err.message}`);
    throw err;
  }
}

function readKeyringFile(file: string): string {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw new BackupError(`cannot read the keyring file ${path.resolve(file)}`);
  }
}

async function unpackAndCheck(
  file: string,
  scratch: string,
  keyring: Keyring,
): Promise<{ counts: BackupCounts; opened: string[] }> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(scratch, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  } catch (err) {
    throw new BackupError(`${file} is not a backup flightagg can restore: ${(err as Error).message}`);
  }
  const client: ScriptClient = {
    exec: async (script) => void (await pglite.exec(script)),
    query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
  };
  try {
    const missing = (await activeKeyIds(client)).filter((id) => !keyring.has(id));
    if (missing.length > 0) {
      throw new BackupError(
        `the keyring given lacks keys the backup's data was written with: ${missing.join(', ')}. ` +
          'Give the keyring of the gateway that made the backup (its DATA_DIR/keyring, or its KEYRING)',
      );
    }
    const opened: string[] = [];
    for (const { purpose, what, sealed } of await sealedSamples(client)) {
      try {
        keyring.open(purpose, sealed);
      } catch {
        throw new BackupError(
          `the keyring given cannot open ${what} (${purpose}): it is not the keyring the backup's secrets were sealed with`,
        );
      }
      opened.push(what);
    }
    return { counts: await countRows(client), opened };
  } finally {
    await pglite.close();
  }
}
