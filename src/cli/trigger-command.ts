import type { Command } from 'commander';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { DEFAULT_GATEWAY, gatewayTarget, postToGateway, type GatewayOptions } from './gateway-client.js';
import { print, reportFailure, type OutputOptions } from './run-command.js';
import { UsageError } from './usage-error.js';

interface SentTestEvent {
  id: string;
  type: string;
  order_id: string;
  created_at: string;
}

/** The event named on the command line, or a usage line listing every one there is. */
export function triggerEvent(name: string): string {
  if (!(WEBHOOK_EVENTS as readonly string[]).includes(name))
    throw new UsageError(`unknown event ${JSON.stringify(name.slice(0, 100))}: trigger one of ${WEBHOOK_EVENTS.join(', ')}`);
  return name;
}

/**
 * `flightagg trigger <event>`: a test event of any type sent through the gateway, as `stripe
 * trigger` does (POST /v1/events/test): it reaches the agency's webhook endpoints and every
 * `flightagg listen`.
 */
export function registerTriggerCommand(program: Command): void {
  program
    .command('trigger')
    .description('send a test event through the gateway to the webhook endpoints and `flightagg listen` (test keys only)')
    .argument('<event>', `one of ${WEBHOOK_EVENTS.join(', ')}`)
    .option('--api-key <key>', 'the test API key of the agency whose receivers get it (default: FLIGHTAGG_API_KEY)')
    .option('--gateway <url>', `the gateway to send it through (default: FLIGHTAGG_GATEWAY_URL, else ${DEFAULT_GATEWAY})`)
    .option('--json', 'print one JSON object')
    .action(async (name: string, opts: GatewayOptions & OutputOptions) => {
      try {
        const type = triggerEvent(name);
        const target = gatewayTarget(opts, process.env);
        const sent = await postToGateway<SentTestEvent>(target, '/v1/events/test', { type }, 'the test event');
        print(
          opts,
          { ...sent },
          `Triggered ${sent.type} (${sent.id}, sample order ${sent.order_id}): on its way to the agency's endpoints and listeners`,
        );
      } catch (err) {
        reportFailure(opts, err);
      }
    });
}
