import type { Command } from 'commander';
import { createApiKeyService, KEY_KINDS, type KeyKind } from '../auth/api-keys/key-service.js';
import { findAgency } from '../identity/agencies/store.js';
import { badRequest, forbidden, notFound } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { asContractSpells } from './json-case.js';
import { print, withPlatform, type OutputOptions } from './run-command.js';

const collect = (value: string, previous: string[]) => [...previous, value];

/** The agency a command names, or the same "not found" the agency and user commands give. */
async function existingAgency(platform: Platform, id: string) {
  const agency = await findAgency(platform.db, id);
  if (!agency) throw notFound(`agency ${id} not found`);
  return agency;
}

export function registerKeyCommands(program: Command): void {
  const key = program.command('key').description('manage API keys');

  key
    .command('create')
    .description('create an API key; its secret is printed once')
    .option('--agency <id>', 'agency the key acts for (not needed for a static key)')
    .requiredOption('--env <test|live>', 'the key’s environment')
    .requiredOption(`--kind <${KEY_KINDS.join('|')}>`, 'what the key is for')
    .option('--name <name>', 'a name to tell keys apart')
    .option('--allow-ip <cidr>', 'allowed address or CIDR range, repeatable', collect, [])
    .option('--allow-path <path>', 'allowed path prefix such as /v1/aviation, repeatable', collect, [])
    .option('--expires <iso>', 'expiry instant (ISO 8601)')
    .option('--read-only', 'only GET requests')
    .option('--force', 'issue a live key although the agency is not live')
    .option('--json', 'print one JSON object')
    .action(
      (
        opts: OutputOptions & {
          agency?: string;
          env: string;
          kind: string;
          name?: string;
          allowIp: string[];
          allowPath: string[];
          expires?: string;
          readOnly?: boolean;
          force?: boolean;
        },
      ) =>
        withPlatform(opts, async (platform) => {
          const expiresAt = opts.expires ? calendarInstant(opts.expires) : null;
          if (opts.expires && !expiresAt) throw badRequest('--expires must be an ISO 8601 instant on a real calendar date');
          if (opts.env !== 'test' && opts.env !== 'live') throw badRequest('--env must be test or live');
          const agency = opts.agency ? await existingAgency(platform, opts.agency) : null;
          // Live keys reach the airlines' production systems: only for a live agency (flightagg agency set --live on).
          if (opts.env === 'live' && agency && !opts.force) {
            if (!agency.live) {
              throw forbidden(
                `agency ${agency.id} is not live: make it live first (flightagg agency set ${agency.id} --live on), or pass --force`,
                'agency_not_live',
              );
            }
          }
          const { key: created, secret } = await createApiKeyService(platform).create(
            {
              agencyId: opts.agency ?? null,
              kind: opts.kind as KeyKind,
              environment: opts.env,
              name: opts.name ?? null,
              allowedIps: opts.allowIp,
              allowedPaths: opts.allowPath,
              expiresAt,
              readOnly: opts.readOnly ?? false,
            },
            { via: 'cli' },
          );
          print(
            opts,
            asContractSpells({ ...created, secret }),
            `key ${created.id} created; its secret is shown only now:\n\n  ${secret}\n`,
          );
        }),
    );

  key
    .command('list')
    .description('list API keys, newest first (never their secrets)')
    .option('--agency <id>', 'only this agency')
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions & { agency?: string }) =>
      withPlatform(
        opts,
        async (platform) => {
          if (opts.agency) await existingAgency(platform, opts.agency);
          const keys = await createApiKeyService(platform).list(opts.agency);
          const lines = keys.map(
            (k) =>
              `${k.id}  ${k.status.padEnd(7)}  ${k.environment}  ${k.kind.padEnd(6)}  ${k.prefix}  ${k.agencyId ?? '-'}  last used ${k.lastUsedAt ?? 'never'}  ${k.name ?? ''}`,
          );
          print(opts, { keys: keys.map((k) => asContractSpells({ ...k })) }, lines.length > 0 ? lines.join('\n') : 'no keys');
        },
        { existing: true },
      ),
    );

  key
    .command('revoke')
    .description('revoke an API key at once, on every instance')
    .argument('<id>', 'key id')
    .option('--json', 'print one JSON object')
    .action((id: string, opts: OutputOptions) =>
      withPlatform(
        opts,
        async (platform) => {
          const revoked = await createApiKeyService(platform).revoke(id, undefined, { via: 'cli' });
          print(opts, asContractSpells({ ...revoked }), `key ${revoked.id} revoked`);
        },
        { existing: true },
      ),
    );
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `new Date('2027-02-30')` quietly means March 2nd; an operator who typed it meant something else.
 * The date part must name a real day, as the portal's `expiresAt` does (format date-time).
 */
function calendarInstant(text: string): Date | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
