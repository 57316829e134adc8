import { UsageError } from './usage-error.js';

/** Where a command that is a client of a running gateway (listen, trigger) finds it, and with which key. */
export const DEFAULT_GATEWAY = 'http://localhost:8080';

export interface GatewayOptions {
  apiKey?: string;
  gateway?: string;
}

export interface GatewayTarget {
  gateway: string;
  apiKey: string;
}

/** A time budget for one plain request to the gateway: it is local, or across a LAN at most. */
const REQUEST_TIMEOUT_MS = 10_000;

export function httpUrl(value: string, option: string): URL {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${option} must be an http:// or https:// URL, not ${JSON.stringify(value.slice(0, 200))}`);
  return url;
}

/** --gateway and --api-key, else FLIGHTAGG_GATEWAY_URL and FLIGHTAGG_API_KEY, checked. */
export function gatewayTarget(opts: GatewayOptions, env: NodeJS.ProcessEnv): GatewayTarget {
  const gateway = httpUrl(opts.gateway ?? env.FLIGHTAGG_GATEWAY_URL ?? DEFAULT_GATEWAY, '--gateway').href.replace(/\/$/, '');
  const apiKey = opts.apiKey ?? env.FLIGHTAGG_API_KEY ?? '';
  if (apiKey === '') throw new UsageError('an API key is needed: pass --api-key or set FLIGHTAGG_API_KEY');
  return { gateway, apiKey };
}

/** The `error` text of an error body, or the start of whatever came. */
export function reasonOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof parsed.error === 'string')
      return typeof parsed.code === 'string' ? `${parsed.code}: ${parsed.error}` : parsed.error;
  } catch {
    // Not JSON: shown as it came.
  }
  return text.slice(0, 200);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Same-origin redirects followed in a row before the gateway is given up as a loop. */
const MAX_REDIRECTS = 5;

/**
 * fetch, following redirects by hand: fetch's own following keeps every header but
 * `Authorization` across origins, so a gateway (or whatever answers at its address) that
 * redirects to another host would be handed the API key. A redirect within the gateway's origin
 * is followed (a POST keeps its method and body on 307 and 308 only, as fetch does); one to any
 * other origin (another host, port or scheme, http→https included) stops the command with the
 * target named, before anything is sent there. `what` names the request in that message.
 */
export async function fetchWithinOrigin(url: string, init: RequestInit, what: string): Promise<Response> {
  let at = new URL(url);
  let request = init;
  for (let hop = 0; ; hop++) {
    const res = await fetch(at, { ...request, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!REDIRECT_STATUSES.has(res.status) || location === null) return res;
    await res.body?.cancel();
    const next = URL.canParse(location, at.href) ? new URL(location, at) : null;
    if (next === null || next.origin !== at.origin)
      throw new UsageError(
        `the gateway redirected ${what} to ${next ? next.origin : JSON.stringify(location.slice(0, 200))}, ` +
          `another origin than ${at.origin}: the API key is sent to the gateway's origin only; ` +
          'pass the address that serves it as --gateway',
      );
    if (hop + 1 >= MAX_REDIRECTS)
      throw new UsageError(`the gateway redirected ${what} ${MAX_REDIRECTS} times in a row; check --gateway`);
    if (res.status !== 307 && res.status !== 308 && (request.method ?? 'GET') !== 'GET') {
      const { body: _body, ...rest } = request;
      request = { ...rest, method: 'GET' };
    }
    at = next;
  }
}

/**
 * POSTs a JSON body with the key and answers the JSON reply (redirects as fetchWithinOrigin
 * follows them); any answer but a 2xx, or no answer, is one usage line.
 */
export async function postToGateway<T>(target: GatewayTarget, path: string, body: unknown, what: string): Promise<T> {
  let res: Response;
  try {
    res = await fetchWithinOrigin(
      `${target.gateway}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': target.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      what,
    );
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const e = err as Error & { cause?: { code?: string } };
    throw new UsageError(
      `could not reach the gateway at ${target.gateway} (${e.cause?.code ?? e.message}) for ${what}: start it (npm start) or pass --gateway`,
    );
  }
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new UsageError(`the gateway refused ${what}: ${res.status} ${reasonOf(text)}`);
  return JSON.parse(text) as T;
}
