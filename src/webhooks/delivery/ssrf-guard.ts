import dns from 'node:dns';
import net from 'node:net';
import { refusedAddress } from './address-ranges.js';

/** One resolved address of a host name, as `dns.lookup({all: true})` answers. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has; injectable so tests control what a name resolves to. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

// A resolver that has not answered in this time is broken for this attempt; the retry schedule
// tries again later. Well under the attempt time-out so the attempt can record why.
const LOOKUP_TIMEOUT_MS = 5_000;

export const systemResolver: Resolver = (hostname) =>
  Promise.race([
    dns.promises.lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`resolving ${hostname} took over ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS).unref(),
    ),
  ]);

/** Names that only ever mean something inside a network, whatever they resolve to. */
const INTERNAL_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.home\.arpa$/, /\.localdomain$/];

/** Why a host was refused, and what it resolved to: for the operator's log only, never for the customer. */
export interface RefusedResolution {
  host: string;
  /** The non-public address the host is or resolved to; null when it is a name refused as such or that did not resolve. */
  address: string | null;
  why: string;
}

/**
 * The one text a customer sees for every host webhooks will not reach: an internal name, a
 * non-public address (literal or resolved), a name that does not resolve. Telling these apart
 * would let an agency owner probe our network's names (which exist, which resolve privately).
 */
export const REFUSED_HOST = 'must have a public host: a public address, or a name that resolves to public addresses only';

/**
 * A destination webhooks may not reach. Its message is REFUSED_HOST whatever the reason; the
 * reason and any address are in `resolution`, for the operator's log.
 */
export class UnsafeDestination extends Error {
  override name = 'UnsafeDestination';
  constructor(readonly resolution: RefusedResolution) {
    super(`url ${REFUSED_HOST}`);
  }
}

/**
 * The ports a webhook URL may name. Receivers listen on HTTPS's 443 or one of the few ports
 * web servers and proxies commonly serve on; any other port would let a customer point the
 * gateway at a public host's other services (SSH, databases, mail) and use our delivery log as a
 * port scanner.
 */
export const WEBHOOK_PORTS: readonly number[] = [443, 80, 4443, 8080, 8443, 9443];

export interface GuardOptions {
  resolver: Resolver;
  /**
   * WEBHOOK_ALLOWED_PRIVATE_HOSTS: exact names allowed to resolve privately (development and tests);
   * an operator's own receivers, so any port.
   */
  allowedPrivateHosts: readonly string[];
  /**
   * Test-only (AppOptions.webhooks.anyPortForTests, never a configuration variable): any port is
   * allowed, for test receivers on random ports under names the test's resolver answers publicly.
   */
  anyPortForTests?: boolean;
}

/** The refusal of a URL's port outside WEBHOOK_PORTS, or null when its port is allowed. */
export function refusedPort(url: URL, options: GuardOptions): string | null {
  if (options.anyPortForTests || url.port === '') return null;
  if (options.allowedPrivateHosts.includes(hostOf(url))) return null;
  if (WEBHOOK_PORTS.includes(Number(url.port))) return null;
  return `url port must be one of ${WEBHOOK_PORTS.join(', ')} (or none, for 443)`;
}

/** The URL's host as the connection needs it: brackets off an IPv6 literal, no trailing dot, lower case. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * The addresses a webhook may connect to for `host`, every one checked; throws UnsafeDestination
 * (with why, for the log) when the host is internal, a literal non-public address, does not
 * resolve, or any address it resolves to is not public. The caller connects to an address from this answer, never to the name again,
 * so a name that changes its answer between the check and the connection (DNS rebinding) gains
 * nothing. Literal IP hosts are never allowed by the allowlist.
 */
export async function checkedAddresses(host: string, options: GuardOptions): Promise<ResolvedAddress[]> {
  if (net.isIP(host)) {
    const why = refusedAddress(host);
    if (why) throw new UnsafeDestination({ host, address: host, why });
    return [{ address: host, family: net.isIP(host) }];
  }
  const allowed = options.allowedPrivateHosts.includes(host);
  if (!allowed && INTERNAL_NAMES.some((name) => name.test(host))) {
    throw new UnsafeDestination({ host, address: null, why: 'is an internal name' });
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolver(host);
  } catch (err) {
    throw new UnsafeDestination({ host, address: null, why: `could not be resolved (${(err as Error).message})` });
  }
  if (addresses.length === 0) throw new UnsafeDestination({ host, address: null, why: 'could not be resolved (no address)' });
  if (!allowed) {
    for (const { address } of addresses) {
      const why = refusedAddress(address);
      if (why) throw new UnsafeDestination({ host, address, why: `resolves to an address that ${why}` });
    }
  }
  return addresses;
}
