import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../webhooks/events.js';
import { webhookHeaders } from '../webhooks/delivery/headers.js';
import { commandContext } from './command-context.js';
import { reportFailure } from './run-command.js';
import { sseMessages } from './sse-reader.js';
import {
  DEFAULT_GATEWAY,
  fetchWithinOrigin,
  gatewayTarget,
  httpUrl,
  postToGateway,
  reasonOf,
  type GatewayOptions,
  type GatewayTarget,
} from './gateway-client.js';
import { UsageError } from './usage-error.js';

/** Reconnects start after a second and back off to this, so a gateway restarting is found again soon. */
const MAX_RECONNECT_MS = 30_000;
/** Answers that reconnecting cannot change: a bad key, a bad filter. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

export interface ListenSettings extends GatewayTarget {
  forwardTo: URL;
  events: string[] | null;
}

interface ListenOptions extends GatewayOptions {
  forwardTo: string;
  events?: string;
  rotateSecret?: boolean;
  printSecret?: boolean;
}

/** The command line and environment, checked: every mistake is one usage line before anything connects. */
export function listenSettings(opts: ListenOptions, env: NodeJS.ProcessEnv): ListenSettings {
  const forwardTo = httpUrl(opts.forwardTo, '--forward-to');
  const target = gatewayTarget(opts, env);
  let events: string[] | null = null;
  if (opts.events !== undefined) {
    events = opts.events.split(',').map((name) => name.trim());
    const unknown = events.find((name) => !(WEBHOOK_EVENTS as readonly string[]).includes(name));
    if (unknown !== undefined)
      throw new UsageError(`--events: ${JSON.stringify(unknown)} is not one of ${WEBHOOK_EVENTS.join(', ')}`);
  }
  return { forwardTo, ...target, events };
}

/**
 * The signing secret for this key and receiver, kept by the gateway (POST /v1/events/listen-secret):
 * the same on every run until rotated, as `stripe listen`'s is per account and device.
 */
export async function listenSecret(settings: ListenSettings, rotate: boolean): Promise<string> {
  const path = rotate ? '/v1/events/listen-secret/rotate' : '/v1/events/listen-secret';
  const answer = await postToGateway<{ secret: string }>(
    settings,
    path,
    { forward_to: settings.forwardTo.href },
    rotate ? 'a new signing secret' : 'the signing secret',
  );
  return answer.secret;
}

/** POSTs one event to the receiver, signed like a webhook; answers what to print after the arrow. */
async function forward(
  settings: ListenSettings & { secret: string },
  event: { type: string; body: string },
  stop: AbortSignal,
): Promise<string> {
  const headers = webhookHeaders({
    event: event.type,
    deliveryId: `whd_${crypto.randomBytes(16).toString('hex')}`,
    secret: settings.secret,
    body: event.body,
    at: new Date(),
  });
  try {
    const res = await fetch(settings.forwardTo, {
      method: 'POST',
      headers,
      body: event.body,
      redirect: 'manual',
      // The webhook attempt's own time-out: a receiver that is slower here would be slower for real too.
      signal: AbortSignal.any([stop, AbortSignal.timeout(WEBHOOK_POLICY.attemptTimeoutMs)]),
    });
    await res.body?.cancel();
    return String(res.status);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return `failed: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
  }
}

/**
 * Reads the key's event stream and forwards each event until stopped (Ctrl-C), reconnecting with
 * Last-Event-ID after a drop so that nothing written meanwhile is missed.
 */
export async function listen(settings: ListenSettings & { secret: string }, stop: AbortSignal): Promise<void> {
  const out = commandContext().out;
  const query = settings.events ? `?type=${encodeURIComponent(settings.events.join(','))}` : '';
  const streamUrl = `${settings.gateway}/v1/events/stream${query}`;
  let lastEventId: string | null = null;
  let delayMs = 1_000;
  while (!stop.aborted) {
    try {
      const res = await fetchWithinOrigin(
        streamUrl,
        {
          headers: {
            accept: 'text/event-stream',
            'x-api-key': settings.apiKey,
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
          signal: stop,
        },
        'the event stream',
      );
      if (res.status !== 200 || !res.body) {
        const reason = `${res.status} ${reasonOf(await res.text())}`;
        if (FINAL_STATUSES.has(res.status)) throw new UsageError(`the gateway refused the event stream: ${reason}`);
        out(`${new Date().toISOString()}  the event stream answered ${reason}; reconnecting in ${delayMs / 1000} s\n`);
      } else {
        delayMs = 1_000;
        out(`${new Date().toISOString()}  connected${lastEventId ? `, resuming after ${lastEventId}` : ''}\n`);
        for await (const message of sseMessages(res.body)) {
          if (message.event === 'error') {
            out(`${new Date().toISOString()}  the stream ended: ${reasonOf(message.data)}\n`);
            break;
          }
          const outcome = await forward(settings, { type: message.event, body: message.data }, stop);
          if (stop.aborted) break;
          if (message.id) lastEventId = message.id;
          out(`${new Date().toISOString()}  ${message.event}  ${message.id ?? '-'}  -> ${outcome}\n`);
        }
        if (!stop.aborted) out(`${new Date().toISOString()}  disconnected; reconnecting in ${delayMs / 1000} s\n`);
      }
    } catch (err) {
      if (stop.aborted) break;
      if (err instanceof UsageError) throw err;
      const e = err as Error & { cause?: { code?: string } };
      out(
        `${new Date().toISOString()}  connection failed (${e.cause?.code ?? e.message}); reconnecting in ${delayMs / 1000} s\n`,
      );
    }
    await sleep(delayMs, undefined, { signal: stop }).catch(() => undefined);
    delayMs = Math.min(delayMs * 2, MAX_RECONNECT_MS);
  }
}

/** `flightagg listen`: webhooks on a developer's laptop without exposing it, like `stripe listen`. */
export function registerListenCommand(program: Command): void {
  program
    .command('listen')
    .description("forward the agency's order events to a local URL, signed like webhooks (reads GET /v1/events/stream)")
    .requiredOption('--forward-to <url>', 'the receiver to POST each event to (http:// or https://)')
    .option('--api-key <key>', 'the API key whose events to forward (default: FLIGHTAGG_API_KEY)')
    .option('--gateway <url>', `the gateway to read events from (default: FLIGHTAGG_GATEWAY_URL, else ${DEFAULT_GATEWAY})`)
    .option('--events <names>', `only these event types, comma-separated (default: all of ${WEBHOOK_EVENTS.join(', ')})`)
    .option('--print-secret', "print the receiver's signing secret and exit")
    .option('--rotate-secret', 'replace the signing secret for this key and receiver with a new one first')
    .action(async (opts: ListenOptions) => {
      const context = commandContext();
      try {
        const settings = listenSettings(opts, process.env);
        const secret = await listenSecret(settings, opts.rotateSecret === true);
        if (opts.printSecret) {
          context.out(`${secret}\n`);
          return context.exit(0);
        }
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        process.once('SIGTERM', () => stop.abort());
        context.out(
          `Forwarding ${settings.events?.join(', ') ?? 'every'} event of ${settings.gateway} to ${settings.forwardTo.href}\n`,
        );
        context.out(`Ready! Your webhook signing secret is ${secret} (^C to quit)\n`);
        context.out('It stays the same for this API key and --forward-to until rotated (--rotate-secret).\n');
        await listen({ ...settings, secret }, stop.signal);
        context.out('Stopped.\n');
        context.exit(0);
      } catch (err) {
        reportFailure({}, err);
      }
    });
}
