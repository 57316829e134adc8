import type { Command } from 'commander';
import path from 'node:path';
import type { AirlineConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import type { InProcessNdcTestSystem, NdcTestSystemOptions } from '../testsystem/ndc/server.js';
import { readConfig, reportFailure } from './run-command.js';
import { UsageError } from './usage-error.js';

export interface TestSystemStorageOptions {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
}

/** An airline whose test system the CLI runs: its code (`aa`, `vs`) and how to start it. */
interface TestSystemCommand {
  code: 'aa' | 'vs';
  description: string;
  port: string;
  start(options: NdcTestSystemOptions): Promise<InProcessNdcTestSystem>;
}

const AIRLINES: readonly TestSystemCommand[] = [
  {
    code: 'aa',
    description: "the AA test system: American Airlines' NDC 21.3 test environment, stood in for locally",
    port: '8090',
    start: async (options) => (await import('../testsystem/aa/server.js')).startAaTestSystem(options),
  },
  {
    code: 'vs',
    description: "the VS test system: Virgin Atlantic's NDC 21.3.3 test environment, stood in for locally",
    port: '8091',
    start: async (options) => (await import('../testsystem/vs/server.js')).startVsTestSystem(options),
  },
];

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
  code: 'aa' | 'vs' = 'aa',
): { databaseUrl: string | null; dataDir: string } | undefined {
  if (opts.memory) return undefined;
  const prefix = code.toUpperCase();
  const databaseUrl = opts.databaseUrl ?? env[`${prefix}_TEST_DATABASE_URL`] ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError(`--database-url (${prefix}_TEST_DATABASE_URL) must be a postgres:// or postgresql:// URL`);
  // A password on the command line is readable by every local user (ps, /proc) and kept in shell history.
  if (opts.databaseUrl !== undefined && URL.canParse(opts.databaseUrl) && new URL(opts.databaseUrl).password !== '')
    throw new UsageError(
      `--database-url must not carry a password, which other users can read on the command line: set ${prefix}_TEST_DATABASE_URL instead`,
    );
  const dataDir = path.resolve(
    opts.dataDir ?? env[`${prefix}_TEST_DATA_DIR`] ?? path.join(gatewayDataDir, `${code}-test-system`),
  );
  return { databaseUrl, dataDir };
}

export function registerTestSystemCommands(program: Command): void {
  const group = program.command('testsystem').description("run an airline's test system on its own");
  for (const airline of AIRLINES) {
    const prefix = airline.code.toUpperCase();
    group
      .command(airline.code)
      .description(airline.description)
      .option('--port <port>', 'port to listen on', airline.port)
      .option('--host <host>', 'address to bind', '127.0.0.1')
      .option(
        '--database-url <url>',
        `keep bookings in this PostgreSQL, schema ${airline.code}_test_system (env ${prefix}_TEST_DATABASE_URL, the only place for a URL with a password)`,
      )
      .option(
        '--data-dir <dir>',
        `keep bookings in embedded storage here (env ${prefix}_TEST_DATA_DIR; default <DATA_DIR>/${airline.code}-test-system)`,
      )
      .option('--memory', 'keep nothing: bookings are lost when it stops')
      .action(async (opts: { port: string; host: string } & TestSystemStorageOptions) => {
        const config = readConfig({});
        try {
          const storage = testSystemStorage(opts, process.env, config.dataDir, airline.code);
          const settings: AirlineConfig = config[airline.code];
          const system = await airline.start({
            host: opts.host,
            port: Number(opts.port),
            subscriptionKey: settings.testSubscriptionKey,
            schemaDir: config.ndcSchemaDir,
            logger: createLogger(config.logLevel),
            // <CODE>_NOTIFY_URL: the gateway's POST /v1/airlines/<code>/notifications, signed with <CODE>_NOTIFY_SECRET.
            notify: { url: settings.notifyUrl, secret: settings.notifySecret },
            storage,
            retentionDays: settings.testRetentionDays,
          });
          process.stdout.write(`${prefix} test system listening on ${system.url} (POST ${system.url}/ndc/21.3/<Message>)\n`);
          // The URL may carry a password: name the kind of storage, not the address.
          const kept = storage
            ? storage.databaseUrl
              ? `PostgreSQL, schema ${airline.code}_test_system`
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
