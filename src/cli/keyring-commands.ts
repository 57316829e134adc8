import type { Command } from 'commander';
import { badRequest } from '../platform/errors.js';
import { KEY_PURPOSES, Keyring, type KeyPurpose } from '../platform/keyring/keyring.js';
import { print, reportFailure, type OutputOptions } from './run-command.js';

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * `flightagg keyring generate`: fresh KEYRING entries, for a new deployment (every purpose) or for
 * purposes a release added (`--purpose offer-ids`), to append to the KEYRING every instance gets.
 * Needs no storage and no configuration: it only prints.
 */
export function registerKeyringCommands(program: Command): void {
  program
    .command('keyring')
    .description('data keys for KEYRING')
    .command('generate')
    .description('print new KEYRING entries: one key per purpose, or only for the purposes named; needs no storage')
    .option('--purpose <purpose>', `repeatable; one of ${KEY_PURPOSES.join(', ')}`, collect, [])
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions & { purpose: string[] }) => {
      try {
        const unknown = opts.purpose.filter((p) => !(KEY_PURPOSES as readonly string[]).includes(p));
        if (unknown.length > 0)
          throw badRequest(`--purpose must be one of ${KEY_PURPOSES.join(', ')} (got ${unknown.join(', ')})`);
        const purposes = opts.purpose.length > 0 ? [...new Set(opts.purpose as KeyPurpose[])] : KEY_PURPOSES;
        const text = Keyring.generateText(purposes);
        print(opts, { entries: text.split('\n') }, text);
      } catch (err) {
        reportFailure(opts, err);
      }
    });
}
