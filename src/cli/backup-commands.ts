import path from 'node:path';
import type { Command } from 'commander';
import { BackupError } from '../platform/backup/backup-error.js';
import { restoreBackup } from '../platform/backup/restore-backup.js';
import { takeBackup } from '../platform/backup/take-backup.js';
import { print, readConfig, reportFailure, withPlatform, type OutputOptions } from './run-command.js';

const POSTGRES_RESTORE =
  'restore unpacks embedded storage only; this configuration uses PostgreSQL (DATABASE_URL): ' +
  'restore it with pg_restore, or from a base backup and archived WAL (docs/operations/backups.md)';

/**
 * `flightagg backup <file>` and `flightagg restore <file>` for embedded storage
 * (docs/operations/backups.md). A backup taken while the gateway runs is made by that gateway,
 * through its admin channel; the file's path is made absolute first, as the gateway's working
 * folder is not the shell's.
 */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('write the embedded database to a new file, also while the gateway runs; the keyring is not in it')
    .argument('<file>', 'the backup file to create (never overwritten)')
    .option('--json', 'print one JSON object')
    .action((file: string, opts: OutputOptions) => {
      const absolute = path.resolve(file);
      const argv = process.argv.slice(2).map((word) => (word === file ? absolute : word));
      return withPlatform(
        opts,
        async (platform) => {
          const report = await takeBackup(platform, absolute);
          const c = report.counts;
          print(
            opts,
            { ...report },
            [
              `backup written to ${report.file} (${report.bytes} bytes): ${c.agencies} agencies, ${c.api_keys} API keys, ` +
                `${c.orders} orders, ${c.order_events} order events, ${c.webhook_endpoints} webhook endpoints`,
              `the keyring is NOT in it: keep ${report.keyring_source} (keys ${report.keyring_key_ids.join(', ')}) ` +
                'safe and apart from the backup; a restore needs it to open API keys and webhook secrets',
            ].join('\n'),
          );
        },
        { existing: true, argv },
      );
    });

  program
    .command('restore')
    .description('unpack a backup into a new data directory (--data-dir or DATA_DIR), checking the keyring opens its secrets')
    .argument('<file>', 'a file `flightagg backup` wrote')
    .option('--keyring-file <file>', 'the keyring of the gateway that made the backup, copied into the data directory')
    .option('--force', 'replace the database of a data directory that is not empty (never one a gateway is running on)')
    .option('--json', 'print one JSON object')
    .action(async (file: string, opts: OutputOptions & { keyringFile?: string; force?: boolean }) => {
      const config = readConfig(opts);
      try {
        if (config.databaseUrl) throw new BackupError(POSTGRES_RESTORE);
        const report = await restoreBackup({
          file,
          dataDir: config.dataDir,
          keyringSetting: config.keyring,
          ...(opts.keyringFile ? { keyringFile: opts.keyringFile } : {}),
          force: opts.force ?? false,
        });
        const c = report.counts;
        print(
          opts,
          { ...report },
          [
            `restored into ${report.data_dir}: ${c.agencies} agencies, ${c.api_keys} API keys, ${c.orders} orders, ` +
              `${c.order_events} order events, ${c.webhook_endpoints} webhook endpoints`,
            `keyring ${report.keyring_source} opens ${report.keyring_checked.length > 0 ? report.keyring_checked.join(', ') : 'everything (nothing sealed yet)'}`,
            `start the gateway on it: DATA_DIR=${report.data_dir} npx flightagg serve`,
          ].join('\n'),
        );
      } catch (err) {
        reportFailure(opts, err);
      }
    });
}
