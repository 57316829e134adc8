import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../webhooks/events.js';
import { webhookHeaders } from '../webhooks/delivery/headers.js';
import { newSigningSecret } from '../webhooks/delivery/signer.js';
import { commandContext } from './command-context.js';
import { reportFailure } from './run-command.js';
import { sseMessages } from './sse-reader.js';
import { UsageError } from './usage-error.js';

const DEFAULT_GATEWAY = 'http://localhost:8080';
/** Reconnects start after a second and back off to this, so a gateway restarting is found again soon. */
const MAX_RECONNECT_MS = 30_000;
/** Answers that reconnecting cannot change: a bad key, a bad filter. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

export interface ListenSettings {
  forwardTo: URL;
  gateway: string;
  apiKey: string;
  events: string[] | null;
}

interface ListenOptions {
  forwardTo: string;
  apiKey?: string;
  gateway?: string;
  events?: string;
}

function httpUrl(value: string, option: string): URL {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${option} must be an http:// or https:// URL, not ${JSON.stringify(value.slice(0, 200))}`);
  return url;
}

/** The command line and environment, checked: every mistake is one usage line before anything connects. */
export function listenSettings(opts: ListenOptions, env: NodeJS.ProcessEnv): ListenSettings {
  const forwardTo = httpUrl(opts.forwardTo, '--forward-to');
  const gateway = httpUrl(opts.gateway ?? env.FLIGHTAGG_GATEWAY_URL ?? DEFAULT_GATEWAY, '--gateway').href.replace(/\/$/, '');
  const apiKey = opts.apiKey ?? env.FLIGHTAGG_API_KEY ?? '';
  if (apiKey === '') throw new UsageError('an API key is needed: pass --api-key or set FLIGHTAGG_API_KEY');
  let events: string[] | null = null;
  if (opts.events !== undefined) {
    events = opts.events.split(',').map((name) => name.trim());
    const unknown = events.find((name) => !(WEBHOOK_EVENTS as readonly string[]).includes(name));
    if (unknown !== undefined)
      throw new UsageError(`--events: ${JSON.stringify(unknown)} is not one of ${WEBHOOK_EVENTS.join(', ')}`);
  }
  return { forwardTo, gateway, apiKey, events };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Same-origin redirects followed in a row before the stream is given up as a loop. */
const MAX_REDIRECTS = 5;

/**
 * GETs the event stream, following redirects by hand: fetch's own following keeps every header
 * but `Authorization` across origins, so a gateway (or whatever answers at its address) that
 * redirects to another host would be handed the API key. A redirect within the gateway's origin
 * is followed; one to any other origin (another host, port or scheme, http→https included) stops
 * the command with the target named, before anything is sent there.
 */
async function fetchStream(url: string, headers: Record<string, string>, stop: AbortSignal): Promise<Response> {
  let at = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await fetch(at, { headers, signal: stop, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!REDIRECT_STATUSES.has(res.status) || location === null) return res;
    await res.body?.cancel();
    const next = URL.canParse(location, at.href) ? new URL(location, at) : null;
    if (next === null || next.origin !== at.origin)
      throw new UsageError(
        `the gateway redirected the event stream to ${next ? next.origin : JSON.stringify(location.slice(0, 200))}, ` +
          `another origin than ${at.origin}: the API key is sent to the gateway's origin only; ` +
          'pass the address that serves the stream as --gateway',
      );
    if (hop + 1 >= MAX_REDIRECTS)
      throw new UsageError(`the gateway redirected the event stream ${MAX_REDIRECTS} times in a row; check --gateway`);
    at = next;
  }
}

/** The `error` text of an error body, or the start of whatever came. */
function reasonOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof parsed.error === 'string')
      return typeof parsed.code === 'string' ? `${parsed.code}: ${parsed.error}` : parsed.error;
  } catch {
    // Not JSON: shown as it came.
  }
  return text.slice(0, 200);
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
      const res = await fetchStream(
        streamUrl,
        {
          accept: 'text/event-stream',
          'x-api-key': settings.apiKey,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        stop,
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
    .action(async (opts: ListenOptions) => {
      const context = commandContext();
      try {
        const settings = { ...listenSettings(opts, process.env), secret: newSigningSecret() };
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        process.once('SIGTERM', () => stop.abort());
        context.out(
          `Forwarding ${settings.events?.join(', ') ?? 'every'} event of ${settings.gateway} to ${settings.forwardTo.href}\n`,
        );
        context.out(`Signing secret: ${settings.secret} (verify each request with it, as with an endpoint's secret)\n`);
        await listen(settings, stop.signal);
        context.out('Stopped.\n');
        context.exit(0);
      } catch (err) {
        reportFailure({}, err);
      }
    });
}
