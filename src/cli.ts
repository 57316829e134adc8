import { Command } from 'commander';
import { registerAccountCommands } from './cli/account-commands.js';
import { registerAviationCommands } from './cli/aviation-commands.js';
import { registerBillingCommands } from './cli/billing-commands.js';
import { registerKeyCommands } from './cli/key-commands.js';
import { registerKeyringCommands } from './cli/keyring-commands.js';
import { registerTestSystemCommands } from './cli/testsystem-commands.js';
import { print, readConfig, reportFailure, withPlatform, type OutputOptions } from './cli/run-command.js';

const program = new Command('flightagg')
  .description('Flight aggregation gateway: server and operator commands')
  .showHelpAfterError();

program
  .command('serve')
  .description('run the gateway (the default of npm start)')
  .action(async () => {
    try {
      // Loaded here, not at the top: the other commands need neither the app nor the test system.
      const { serve } = await import('./server.js');
      await serve(readConfig({}));
    } catch (err) {
      reportFailure({}, err);
    }
  });

program
  .command('migrate')
  .description('apply pending database migrations')
  .option('--json', 'print one JSON object')
  .action((opts: OutputOptions) =>
    // Opening the platform is what migrates; this reports what that run applied.
    withPlatform(opts, async ({ migrations, database }) => {
      const applied = migrations.applied.length > 0 ? migrations.applied.join(', ') : 'none pending';
      print(
        opts,
        { ...migrations, storage: database.kind },
        `migrations on ${database.kind}: ${migrations.total} known; applied now: ${applied}`,
      );
    }),
  );

registerAccountCommands(program);
registerBillingCommands(program);
registerKeyCommands(program);
registerKeyringCommands(program);
registerAviationCommands(program);
registerTestSystemCommands(program);

await program.parseAsync(process.argv);
