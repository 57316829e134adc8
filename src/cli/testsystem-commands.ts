import type { Command } from 'commander';
import pino from 'pino';
import { loggerOptions } from '../platform/logger.js';
import { readConfig, reportFailure } from './run-command.js';

export function registerTestSystemCommands(program: Command): void {
  program
    .command('testsystem')
    .description("run an airline's test system on its own")
    .command('aa')
    .description("the AA test system: American Airlines' NDC 21.3 test environment, stood in for locally")
    .option('--port <port>', 'port to listen on', '8090')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .action(async (opts: { port: string; host: string }) => {
      const config = readConfig({});
      try {
        const { startAaTestSystem } = await import('../testsystem/aa/server.js');
        const system = await startAaTestSystem({
          host: opts.host,
          port: Number(opts.port),
          subscriptionKey: config.aa.testSubscriptionKey,
          schemaDir: config.ndcSchemaDir,
          logger: pino(loggerOptions(config.logLevel)),
        });
        process.stdout.write(`AA test system listening on ${system.url} (POST ${system.url}/ndc/21.3/<Message>)\n`);
        const stop = () => void system.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (err) {
        reportFailure({}, err);
      }
    });
}
