import type { Agent } from 'undici';
import { WEBHOOK_POLICY } from '../events.js';
import {
  checkedAddresses,
  hostOf,
  refusedPort,
  UnsafeDestination,
  type GuardOptions,
  type RefusedResolution,
} from './ssrf-guard.js';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  /** The start of the answer, at most 64 KiB, as text. */
  responseBody: string | null;
  durationMs: number;
  /** Refused for what the host resolved to: the address, for the operator's log (never in `error`). */
  refused?: RefusedResolution;
}

export const USER_AGENT = 'service-webhooks/1.0';

/**
 * One attempt: POST the signed body, read at most 64 KiB of the answer, within the attempt
 * time-out. Never throws: every failure is an attempt result with a reason. The host is checked
 * again first, so a name that started resolving privately is refused even where a kept-alive
 * socket (connected to an address checked earlier) would otherwise be reused.
 */
export async function sendAttempt(
  agent: Agent,
  guard: GuardOptions,
  request: { url: string; headers: Record<string, string>; body: string; timeoutMs: number },
  now: () => number,
): Promise<SendResult> {
  const started = now();
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...partial,
    durationMs: Math.max(0, now() - started),
  });
  let url: URL;
  try {
    url = new URL(request.url);
    // An endpoint registered before the port rule still meets it at every attempt.
    const port = refusedPort(url, guard);
    if (port) return done({ statusCode: null, error: port, responseBody: null });
    await checkedAddresses(hostOf(url), guard);
  } catch (err) {
    const refused = err instanceof UnsafeDestination ? { refused: err.resolution } : {};
    return done({ statusCode: null, error: (err as Error).message, responseBody: null, ...refused });
  }
  try {
    const res = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      // Enough for the attempt log; leaving the loop destroys the rest of the stream.
      if (size >= WEBHOOK_POLICY.responseBodyMax) break;
    }
    const text = Buffer.concat(chunks).subarray(0, WEBHOOK_POLICY.responseBodyMax).toString('utf8');
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const error = ok
      ? null
      : res.statusCode >= 300 && res.statusCode < 400
        ? `redirect to ${String(res.headers.location ?? '(no location)').slice(0, 200)} not followed`
        : `answered ${res.statusCode}`;
    return done({ statusCode: res.statusCode, error, responseBody: text });
  } catch (err) {
    const e = err as Error & { code?: string; cause?: Error };
    const reason = e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer within ${request.timeoutMs} ms` : e.message;
    return done({ statusCode: null, error: `${reason}${e.code ? ` (${e.code})` : ''}`.slice(0, 500), responseBody: null });
  }
}
