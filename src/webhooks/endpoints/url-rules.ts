import type { Logger } from 'pino';
import { badRequest } from '../../platform/errors.js';
import { checkedAddresses, hostOf, UnsafeDestination, type GuardOptions } from '../delivery/ssrf-guard.js';

const refuse = (why: string) => badRequest(`url ${why}`, 'invalid_url', { field: 'url' });

/**
 * A webhook URL as registration accepts it: absolute, https, no credentials, and a host that is
 * public now (a literal public address, or a name whose every address is public). The URL parser
 * already reads the decimal, octal and hex IPv4 spellings (2130706433, 0177.0.0.1, 0x7f.1) as the
 * dotted address they mean, so they meet the same address rules. A name refused for what it
 * resolves to is refused with the rule it broke; the address goes to `log` (the request's, with
 * its id), never to the customer.
 */
export async function checkEndpointUrl(raw: string, guard: GuardOptions, log: Pick<Logger, 'warn'>): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute URL, such as https://example.com/webhooks');
  }
  if (url.protocol !== 'https:') throw badRequest('url must be https', 'invalid_url', { field: 'url' });
  if (url.username !== '' || url.password !== '') throw refuse('must not contain credentials (user:password@)');
  if (url.hash !== '') throw refuse('must not contain a fragment (#...)');
  try {
    await checkedAddresses(hostOf(url), guard);
  } catch (err) {
    if (err instanceof UnsafeDestination) {
      if (err.resolution) log.warn({ resolution: err.resolution }, 'webhook url refused: its host resolves to a private address');
      throw refuse(`must have a public host: ${err.message}`);
    }
    throw err;
  }
  return url;
}
