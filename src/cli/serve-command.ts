import type { Command } from 'commander';
import { variablesSetIn } from '../platform/config-variables.js';
import { CONFIG_VARIABLES } from '../sources/load-config.js';
import type { Platform } from '../platform/platform.js';
import { openAdminChannel, type AdminChannel, type ChannelRunner } from './admin-channel.js';
import { holdsNoKey, makeDemoAgency, secretHandover } from './demo-agency.js';
import { localBaseUrl } from './local-url.js';
import { readConfig, reportFailure } from './run-command.js';
import { startBanner } from './start-banner.js';

/**
 * `flightagg serve` (`npm start`): the gateway, then, once it listens, what the first hour needs.
 * On embedded storage without any API key, a demo agency and test key are made and the key printed
 * once, so the tour is `npm start` and a curl (not on PostgreSQL: a production database gets no
 * credential nobody asked for); operator commands reach the running gateway over its
 * admin channel; a banner says where the gateway is and what it runs on.
 */
export function registerServeCommand(
  program: Command,
  options: { version: string; runnerFor: (platform: Platform) => ChannelRunner },
): void {
  program
    .command('serve')
    .description('run the gateway (the default of npm start)')
    .action(async () => {
      const config = readConfig({});
      try {
        // Loaded here, not at the top: the other commands need neither the app nor the test system.
        const { serve } = await import('../server.js');
        await serve(config, {
          async onStarted({ platform, app, testSystemUrls }) {
            const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
            let channel: AdminChannel | null = null;
            if (platform.database.kind === 'pglite') {
              channel = await openAdminChannel(config.dataDir, options.runnerFor(platform)).catch((err: unknown) => {
                platform.logger.warn({ err }, 'admin channel not opened: operator commands need the gateway stopped');
                return null;
              });
              if (config.keyEnvironments.includes('test') && (await holdsNoKey(platform))) {
                const { agency, key, secret } = await makeDemoAgency(platform);
                process.stdout.write(
                  [
                    `First start on empty storage: made the agency ${agency.id} (${agency.name}) and its test key ${key.id}.`,
                    'The secret is shown only now:',
                    ...secretHandover(secret, localBaseUrl(config, port)),
                    '',
                  ].join('\n'),
                );
              }
            }
            process.stdout.write(
              await startBanner(platform, {
                port,
                version: options.version,
                testSystemUrls,
                adminSocket: channel?.path ?? null,
                settings: variablesSetIn(CONFIG_VARIABLES, process.env),
              }),
            );
            return { close: async () => channel?.close() };
          },
        });
      } catch (err) {
        reportFailure({}, err);
      }
    });
}
