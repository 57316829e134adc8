import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { runSync, type SyncEvent } from '../aviation/importers/sync-runner.js';
import type { ImportCounts } from '../aviation/importers/import-counts.js';
import { commandContext } from './command-context.js';
import { snakeCaseKeys } from './json-case.js';
import { print, withPlatform, type OutputOptions } from './run-command.js';

function describeCounts(c: ImportCounts): string {
  const reasons = Object.entries(c.skippedReasons).map(([reason, n]) => `${n} ${reason}`);
  return (
    `${c.rowCount} rows: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.deleted} deleted, ` +
    `${c.skipped} skipped${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}`
  );
}

/**
 * Progress on stderr, so stdout stays the command's answer: a bar per source on a terminal,
 * plain lines otherwise (CI logs, pipes). Nothing at all with --json.
 */
function progressReporter(options: OutputOptions): { onEvent: (e: SyncEvent) => void; stop: () => void } {
  if (options.json) return { onEvent: () => {}, stop: () => {} };
  const context = commandContext();
  if (!context.interactive) {
    let lastShown = 0;
    return {
      onEvent(e) {
        if (e.kind === 'start')
          context.err(`${e.source}: reading ${e.files.length === 1 ? e.files[0] : `${e.files.length} files`}\n`);
        if (e.kind === 'bytes' && e.size && Date.now() - lastShown > 2_000) {
          lastShown = Date.now();
          context.err(`${e.source}: ${Math.floor((e.bytes / e.size) * 100)}%\n`);
        }
        if (e.kind === 'done') context.err(`${e.source}: done in ${(e.durationMs / 1000).toFixed(1)} s\n`);
        if (e.kind === 'failed') context.err(`${e.source}: failed: ${e.error}\n`);
      },
      stop: () => {},
    };
  }
  const bars = new cliProgress.MultiBar(
    { stream: process.stderr, format: ' {source} |{bar}| {percentage}% {status}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const bySource = new Map<string, cliProgress.SingleBar>();
  return {
    onEvent(e) {
      if (e.kind === 'start') bySource.set(e.source, bars.create(100, 0, { source: e.source.padEnd(28), status: '' }));
      const bar = bySource.get(e.source);
      if (e.kind === 'bytes' && bar && e.size) bar.update(Math.min(99, Math.floor((e.bytes / e.size) * 100)));
      if (e.kind === 'done') bar?.update(100, { status: `${e.counts.rowCount} rows` });
      if (e.kind === 'failed') bar?.update({ status: 'failed' });
    },
    stop: () => bars.stop(),
  };
}

const OFFLINE_HINT =
  'the upstream sources could not be reached (offline?): import from a local copy with --from <dir or base URL> ' +
  '(laid out like ../shared/data), or set AVIATION_SYNC_FROM for the gateway';

/** Failures that mean "no network", not "bad data": then a local copy is the way. */
function isUnreachable(error: string | undefined): boolean {
  return /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|timed? ?out|aborted/i.test(
    error ?? '',
  );
}

export function registerAviationCommands(program: Command): void {
  const aviation = program.command('aviation').description('aviation reference data');

  aviation
    .command('sync')
    .description('import airports, airlines and aircraft types from their upstream sources (safe to re-run)')
    .option('--from <dirOrUrl>', 'a directory or base URL laid out like ../shared/data (default: the upstream addresses)')
    .option(
      '--source <name>',
      'only this source or group (ourairports, openflights, aircraft, or a source name); comma-separated for several',
    )
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions & { from?: string; source?: string }) =>
      withPlatform(opts, async (platform) => {
        const progress = progressReporter(opts);
        const report = await runSync(platform, {
          from: opts.from ?? null,
          source: opts.source ?? null,
          onEvent: progress.onEvent,
        });
        progress.stop();
        const lines = report.sources.map((s) =>
          s.status === 'ok'
            ? `${s.name}: ${describeCounts(s.counts!)}`
            : `${s.name}: ${s.status === 'failed' ? 'FAILED' : 'not run'}: ${s.error}`,
        );
        const unreachable = !opts.from && report.sources.some((s) => s.status === 'failed' && isUnreachable(s.error));
        if (unreachable) lines.push(OFFLINE_HINT);
        // JSON in snake_case like every record but the key; skipped_reasons keeps its reasons as written.
        print(
          opts,
          {
            ...(snakeCaseKeys(report, ['skippedReasons']) as Record<string, unknown>),
            ...(unreachable ? { hint: OFFLINE_HINT } : {}),
          },
          lines.join('\n'),
          ['skipped_reasons'],
        );
        if (!report.ok) commandContext().exit(1);
      }),
    );
}
