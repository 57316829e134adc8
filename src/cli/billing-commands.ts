import type { Command } from 'commander';
import { createMeter } from '../billing/metering/meter.js';
import { createMemoryCounter } from '../billing/metering/memory-counter.js';
import { createRedisCounter } from '../billing/metering/redis-counter.js';
import { PLAN_CODES } from '../billing/plans/catalogue.js';
import { createTermsService, type TermsChange } from '../billing/terms/service.js';
import { BILLING_STATUSES, termsView, type AccountTerms, type BillingStatus } from '../billing/terms/terms.js';
import { exportMonth, toCsv } from '../billing/usage/export.js';
import { badRequest } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { commandContext } from './command-context.js';
import { print, withPlatform, type OutputOptions } from './run-command.js';

interface SetOptions extends OutputOptions {
  plan?: string;
  force?: boolean;
  paymentMethod?: string;
  paymentRef?: string;
  billingStatus?: string;
  freeAllowance?: string;
  live?: string;
  iata?: string;
  searchRate?: string;
  dailySearches?: string;
  monthlySearches?: string;
  lookToBook?: string;
}

const onOff = (flag: string, value: string): boolean => {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw badRequest(`${flag} must be on or off`);
};

/** A count, or `off`/`default` (the word the flag documents) to clear it. */
const countOrClear = (flag: string, value: string, clearWord: string, min = 1): number | null => {
  if (value === clearWord) return null;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min) throw badRequest(`${flag} must be an integer of at least ${min}, or ${clearWord}`);
  return n;
};

function toChange(o: SetOptions): TermsChange {
  const change: TermsChange = {};
  if (o.plan !== undefined) change.planCode = o.plan;
  if (o.force) change.force = true;
  if (o.paymentMethod !== undefined) {
    change.paymentMethodRef = onOff('--payment-method', o.paymentMethod)
      ? (o.paymentRef ?? 'on file (set by an operator)')
      : null;
  } else if (o.paymentRef !== undefined) change.paymentMethodRef = o.paymentRef;
  if (o.billingStatus !== undefined) {
    if (!BILLING_STATUSES.includes(o.billingStatus as BillingStatus)) {
      throw badRequest(`--billing-status must be one of ${BILLING_STATUSES.join(', ')}`);
    }
    change.billingStatus = o.billingStatus as BillingStatus;
  }
  if (o.freeAllowance !== undefined) change.freeAllowance = countOrClear('--free-allowance', o.freeAllowance, 'default', 0);
  if (o.live !== undefined) change.live = onOff('--live', o.live);
  if (o.iata !== undefined) change.iataNumber = o.iata === 'off' ? null : o.iata;
  if (o.searchRate !== undefined) change.searchRatePerMinute = countOrClear('--search-rate', o.searchRate, 'default');
  if (o.dailySearches !== undefined) change.dailySearchCeiling = countOrClear('--daily-searches', o.dailySearches, 'off');
  if (o.monthlySearches !== undefined) change.monthlySearchCeiling = countOrClear('--monthly-searches', o.monthlySearches, 'off');
  if (o.lookToBook !== undefined) change.lookToBookCeiling = countOrClear('--look-to-book', o.lookToBook, 'off');
  return change;
}

const termsOf = (platform: Platform) => createTermsService({ ...platform, clock: () => platform.clock() });

function describe(platform: Platform, t: AccountTerms) {
  const v = termsView(t, platform.clock(), platform.config.search.rateLimitPerMinute);
  const none = (x: number | null) => (x === null ? 'none' : String(x));
  return {
    view: v,
    text: [
      `${v.agencyId}  ${v.name}`,
      `  plan ${v.planCode}${v.planKnown ? '' : ' (not in the catalogue: portal keys answer 403 unknown_plan)'}; billing ${v.billingStatus}; payment method ${v.paymentMethod.onFile ? `on file (${v.paymentMethod.reference})` : 'none'}`,
      `  period ${v.periodStart} to ${v.periodEnd}; live ${v.live ? 'yes' : 'no'}; accreditation ${v.iataNumber ?? 'none'}`,
      `  free allowance ${v.freeAllowance}${v.freeAllowanceIsDefault ? ' (default)' : ''}; search rate ${v.searchRatePerMinute}/min${v.searchRateIsDefault ? ' (default)' : ''}`,
      `  ceilings: daily ${none(v.dailySearchCeiling)}, monthly ${none(v.monthlySearchCeiling)}, look-to-book ${none(v.lookToBookCeiling)}`,
    ].join('\n'),
  };
}

/** `flightagg agency set|list|show` (account terms, audited) and `flightagg usage export` (invoicing). */
export function registerBillingCommands(program: Command): void {
  const agency = program.commands.find((c) => c.name() === 'agency') ?? program.command('agency').description('manage agencies');

  agency
    .command('set')
    .description('change an agency’s account terms (audited as a security event; going live is mailed to the owners)')
    .argument('<agencyId>', 'agency id')
    .option('--plan <code>', `plan code (${PLAN_CODES.join(', ')})`)
    .option('--force', 'accept a plan code that is not in the catalogue')
    .option('--payment-method <on|off>', 'payment method on file')
    .option('--payment-ref <reference>', 'reference of the payment method at the provider')
    .option('--billing-status <status>', BILLING_STATUSES.join(', '))
    .option('--free-allowance <n|default>', 'one-off free allowance in metered requests')
    .option('--live <on|off>', 'live keys allowed')
    .option('--iata <number|off>', 'IATA/BSP accreditation number')
    .option('--search-rate <n|default>', 'searches per minute')
    .option('--daily-searches <n|off>', 'daily search ceiling')
    .option('--monthly-searches <n|off>', 'search ceiling per billing period')
    .option('--look-to-book <n|off>', 'searches per booking in a UTC day')
    .option('--json', 'print one JSON object')
    .action((agencyId: string, opts: SetOptions) =>
      withPlatform(
        opts,
        async (platform) => {
          const terms = await termsOf(platform).change(agencyId, toChange(opts), { via: 'cli' });
          const { view, text } = describe(platform, terms);
          print(opts, view, `changed:\n${text}`);
        },
        { existing: true },
      ),
    );

  agency
    .command('show')
    .description('an agency’s account terms')
    .argument('<agencyId>', 'agency id')
    .option('--json', 'print one JSON object')
    .action((agencyId: string, opts: OutputOptions) =>
      withPlatform(
        opts,
        async (platform) => {
          const { view, text } = describe(platform, await termsOf(platform).get(agencyId));
          print(opts, view, text);
        },
        { existing: true },
      ),
    );

  agency
    .command('list')
    .description('agencies with their terms, newest first')
    .option('--plan <code>', 'only this plan')
    .option('--limit <n>', 'at most this many', '100')
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions & { plan?: string; limit: string }) =>
      withPlatform(
        opts,
        async (platform) => {
          const limit = countOrClear('--limit', opts.limit, 'all');
          const list = await termsOf(platform).list({ limit: limit ?? 10_000, ...(opts.plan ? { planCode: opts.plan } : {}) });
          const shown = list.map((t) => describe(platform, t));
          print(
            opts,
            { agencies: shown.map((s) => s.view) },
            shown.length > 0 ? shown.map((s) => s.text).join('\n') : 'no agencies',
          );
        },
        { existing: true },
      ),
    );

  program
    .command('usage')
    .description('metered usage')
    .command('export')
    .description('every agency’s usage in a calendar month (UTC), for invoicing')
    .requiredOption('--period <YYYY-MM>', 'calendar month')
    .option('--format <csv|json>', 'csv or json', 'csv')
    .action((opts: OutputOptions & { period: string; format: string }) =>
      withPlatform(
        { ...opts, json: opts.format === 'json' },
        async (platform) => {
          if (opts.format !== 'csv' && opts.format !== 'json') throw badRequest('--format must be csv or json');
          // Counts still in Redis are written first, so the export is exact up to now.
          const counter = platform.redis
            ? createRedisCounter(platform.redis, platform.config.redisPrefix, { logger: platform.logger })
            : createMemoryCounter();
          await createMeter({
            db: platform.db,
            counter,
            terms: termsOf(platform),
            docsUrl: '',
            clock: () => platform.clock(),
          }).flush();
          const rows = await exportMonth(platform.db, platform.config, opts.period);
          const text = opts.format === 'json' ? `${JSON.stringify({ period: opts.period, agencies: rows })}\n` : toCsv(rows);
          const context = commandContext();
          context.out(text);
          // What was exported, on stderr, where it does not mix with the export a shell redirects to a file.
          const requests = rows.reduce((sum, row) => sum + row.total_requests, 0);
          context.err(
            `usage export: period ${opts.period} (UTC), ${rows.length} ${rows.length === 1 ? 'agency' : 'agencies'}, ` +
              `${requests} metered requests, as ${opts.format} on stdout\n`,
          );
        },
        { existing: true },
      ),
    );
}
