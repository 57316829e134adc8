import type { Command } from 'commander';
import path from 'node:path';
import pino from 'pino';
import { loggerOptions } from '../platform/logger.js';
import { readConfig, reportFailure } from './run-command.js';

export interface TestSystemStorageOptions {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
}

/**
 * Where the standalone test system keeps its bookings: --database-url / AA_TEST_DATABASE_URL
 * (PostgreSQL, schema aa_test_system), else embedded PGlite in --data-dir / AA_TEST_DATA_DIR
 * (default: <DATA_DIR>/aa-test-system, a folder of its own); --memory keeps nothing.
 */
export function testSystemStorage(
  opts: TestSystemStorageOptions,
  env: NodeJS.ProcessEnv,
  gatewayDataDir: string,
): { databaseUrl: string | null; dataDir: string } | undefined {
  if (opts.memory) return undefined;
  const databaseUrl = opts.databaseUrl ?? env.AA_TEST_DATABASE_URL ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('--database-url (AA_TEST_DATABASE_URL) must be a postgres:// or postgresql:// URL');
  const dataDir = path.resolve(opts.dataDir ?? env.AA_TEST_DATA_DIR ?? path.join(gatewayDataDir, 'aa-test-system'));
  return { databaseUrl, dataDir };
}

export function registerTestSystemCommands(program: Command): void {
  program
    .command('testsystem')
    .description("run an airline's test system on its own")
    .command('aa')
    .description("the AA test system: American Airlines' NDC 21.3 test environment, stood in for locally")
    .option('--port <port>', 'port to listen on', '8090')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--database-url <url>', 'keep bookings in this PostgreSQL, schema aa_test_system (env AA_TEST_DATABASE_URL)')
    .option(
      '--data-dir <dir>',
      'keep bookings in embedded storage here (env AA_TEST_DATA_DIR; default <DATA_DIR>/aa-test-system)',
    )
    .option('--memory', 'keep nothing: bookings are lost when it stops')
    .action(async (opts: { port: string; host: string } & TestSystemStorageOptions) => {
      const config = readConfig({});
      try {
        const storage = testSystemStorage(opts, process.env, config.dataDir);
        const { startAaTestSystem } = await import('../testsystem/aa/server.js');
        const system = await startAaTestSystem({
          host: opts.host,
          port: Number(opts.port),
          subscriptionKey: config.aa.testSubscriptionKey,
          schemaDir: config.ndcSchemaDir,
          logger: pino(loggerOptions(config.logLevel)),
          // AA_NOTIFY_URL: the gateway's POST /v1/airlines/aa/notifications, signed with AA_NOTIFY_SECRET.
          notify: { url: config.aa.notifyUrl, secret: config.aa.notifySecret },
          storage,
          retentionDays: config.aa.testRetentionDays,
        });
        process.stdout.write(`AA test system listening on ${system.url} (POST ${system.url}/ndc/21.3/<Message>)\n`);
        // The URL may carry a password: name the kind of storage, not the address.
        const kept = storage ? (storage.databaseUrl ? 'PostgreSQL, schema aa_test_system' : storage.dataDir) : 'memory only';
        process.stdout.write(`Bookings kept in: ${kept}\n`);
        const stop = () => void system.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (err) {
        reportFailure({}, err);
      }
    });
}
