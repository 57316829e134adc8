import type { Command } from 'commander';
import path from 'node:path';
import { createLogger } from '../platform/logger.js';
import type { Source } from '../sources/source.js';
import { SOURCES } from '../sources/table.js';
import { readConfig, reportFailure } from './run-command.js';
import { UsageError } from './usage-error.js';

export interface TestSystemStorageOptions {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
}

/**
 * Where the standalone test system keeps its bookings: --database-url / AA_TEST_DATABASE_URL
 * (PostgreSQL, schema aa_test_system), else embedded PGlite in --data-dir / AA_TEST_DATA_DIR
 * (default: <DATA_DIR>/aa-test-system, a folder of its own); --memory keeps nothing. VS's are the
 * same with VS_ and vs_.
 */
export function testSystemStorage(
  opts: TestSystemStorageOptions,
  env: NodeJS.ProcessEnv,
  gatewayDataDir: string,
  slug: string,
): { databaseUrl: string | null; dataDir: string } | undefined {
  if (opts.memory) return undefined;
  const prefix = slug.toUpperCase();
  const databaseUrl = opts.databaseUrl ?? env[`${prefix}_TEST_DATABASE_URL`] ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError(`--database-url (${prefix}_TEST_DATABASE_URL) must be a postgres:// or postgresql:// URL`);
  // A password on the command line is readable by every local user (ps, /proc) and kept in shell history.
  if (opts.databaseUrl !== undefined && URL.canParse(opts.databaseUrl) && new URL(opts.databaseUrl).password !== '')
    throw new UsageError(
      `--database-url must not carry a password, which other users can read on the command line: set ${prefix}_TEST_DATABASE_URL instead`,
    );
  const dataDir = path.resolve(
    opts.dataDir ?? env[`${prefix}_TEST_DATA_DIR`] ?? path.join(gatewayDataDir, `${slug}-test-system`),
  );
  return { databaseUrl, dataDir };
}

/** `flightagg testsystem <slug>`: one command per source of the table that has a test system. */
export function registerTestSystemCommands(program: Command, sources: readonly Source[] = SOURCES): void {
  const group = program.command('testsystem').description("run a source's test system on its own");
  for (const source of sources) {
    const testSystem = source.testSystem;
    if (!testSystem) continue;
    const { slug } = source;
    const prefix = slug.toUpperCase();
    group
      .command(slug)
      .description(testSystem.description)
      .option('--port <port>', 'port to listen on', String(testSystem.defaultPort))
      .option('--host <host>', 'address to bind', '127.0.0.1')
      .option(
        '--database-url <url>',
        `keep bookings in this PostgreSQL, schema ${slug}_test_system (env ${prefix}_TEST_DATABASE_URL, the only place for a URL with a password)`,
      )
      .option(
        '--data-dir <dir>',
        `keep bookings in embedded storage here (env ${prefix}_TEST_DATA_DIR; default <DATA_DIR>/${slug}-test-system)`,
      )
      .option('--memory', 'keep nothing: bookings are lost when it stops')
      .action(async (opts: { port: string; host: string } & TestSystemStorageOptions) => {
        const config = readConfig({});
        try {
          const storage = testSystemStorage(opts, process.env, config.dataDir, slug);
          const system = await testSystem.start(config.sources[source.code]!, {
            host: opts.host,
            port: Number(opts.port),
            logger: createLogger(config.logLevel),
            storage,
            config,
          });
          process.stdout.write(`${source.code} test system listening on ${system.url} (${testSystem.calledAt(system.url)})\n`);
          // The URL may carry a password: name the kind of storage, not the address.
          const kept = storage
            ? storage.databaseUrl
              ? `PostgreSQL, schema ${slug}_test_system`
              : storage.dataDir
            : 'memory only';
          process.stdout.write(`Bookings kept in: ${kept}\n`);
          const stop = () => void system.close().then(() => process.exit(0));
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        } catch (err) {
          reportFailure({}, err);
        }
      });
  }
}
