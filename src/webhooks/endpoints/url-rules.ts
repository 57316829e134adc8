import type { Logger } from 'pino';
import { badRequest } from '../../platform/errors.js';
import {
  checkedAddresses,
  hostOf,
  REFUSED_HOST,
  refusedPort,
  UnsafeDestination,
  type GuardOptions,
} from '../delivery/ssrf-guard.js';

const refuse = (why: string) => badRequest(`url ${why}`, 'invalid_url', { field: 'url' });

/**
 * Whether the URL as typed names the developer's own machine (localhost, 127.x, ::1): read from
 * the text alone, never from a resolution, so it tells nothing about the network.
 */
function namesThisMachine(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0' || /^127\./.test(host);
}

/** A refusal of a local receiver, with the way to reach it: `flightagg listen` (docs/webhooks.md). */
const refuseLocal = (why: string, url: URL) =>
  badRequest(
    `url ${why}. The gateway cannot reach a receiver on your own machine: to get its events there, run ` +
      `\`flightagg listen --forward-to ${url.href}\` (docs/webhooks.md, "Trying webhooks locally with flightagg listen")`,
    'invalid_url',
    { field: 'url' },
  );

/**
 * A webhook URL as registration accepts it: absolute, https, no credentials, a port receivers use
 * (WEBHOOK_PORTS), and a host that is public now (a literal public address, or a name whose every
 * address is public). The URL parser already reads the decimal, octal and hex IPv4 spellings
 * (2130706433, 0177.0.0.1, 0x7f.1) as the dotted address they mean, so they meet the same address
 * rules. Every refused host gets the one text REFUSED_HOST, whatever the rule it broke; the rule
 * and any address go to `log` (the request's, with its id), never to the customer.
 */
export async function checkEndpointUrl(raw: string, guard: GuardOptions, log: Pick<Logger, 'warn'>): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute URL, such as https://example.com/webhooks');
  }
  if (url.protocol === 'http:' && namesThisMachine(url)) throw refuseLocal('must be https', url);
  if (url.protocol !== 'https:') throw badRequest('url must be https', 'invalid_url', { field: 'url' });
  if (url.username !== '' || url.password !== '') throw refuse('must not contain credentials (user:password@)');
  if (url.hash !== '') throw refuse('must not contain a fragment (#...)');
  const port = refusedPort(url, guard);
  if (port)
    throw namesThisMachine(url) ? refuseLocal(port.replace(/^url /, ''), url) : badRequest(port, 'invalid_url', { field: 'url' });
  try {
    await checkedAddresses(hostOf(url), guard);
  } catch (err) {
    if (err instanceof UnsafeDestination) {
      log.warn({ resolution: err.resolution }, 'webhook url refused: its host is not public');
      if (namesThisMachine(url)) throw refuseLocal(REFUSED_HOST, url);
      throw badRequest(err.message, 'invalid_url', { field: 'url' });
    }
    throw err;
  }
  return url;
}
