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

/** What a refused name resolved to: for the operator's log only, never for the customer. */
export interface RefusedResolution {
  host: string;
  address: string;
  why: string;
}

/**
 * A destination webhooks may not reach. Its message names the rule broken and may be shown to the
 * customer; where a name resolved to a non-public address, that address is only in `resolution`
 * (for the log): told to the customer, it would let them map internal names to addresses.
 */
export class UnsafeDestination extends Error {
  override name = 'UnsafeDestination';
  constructor(
    message: string,
    readonly resolution: RefusedResolution | null = null,
  ) {
    super(message);
  }
}

export interface GuardOptions {
  resolver: Resolver;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: exact names allowed to resolve privately (development and tests). */
  allowedPrivateHosts: readonly string[];
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
 * naming why when the host is internal, a literal non-public address, or any address it resolves
 * to is not public. The caller connects to an address from this answer, never to the name again,
 * so a name that changes its answer between the check and the connection (DNS rebinding) gains
 * nothing. Literal IP hosts are never allowed by the allowlist.
 */
export async function checkedAddresses(host: string, options: GuardOptions): Promise<ResolvedAddress[]> {
  if (net.isIP(host)) {
    const why = refusedAddress(host);
    if (why) throw new UnsafeDestination(`host ${host} ${why}`);
    return [{ address: host, family: net.isIP(host) }];
  }
  const allowed = options.allowedPrivateHosts.includes(host);
  if (!allowed && INTERNAL_NAMES.some((name) => name.test(host))) {
    throw new UnsafeDestination(`host ${host} is an internal name`);
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolver(host);
  } catch (err) {
    throw new UnsafeDestination(`host ${host} could not be resolved (${(err as Error).message})`);
  }
  if (addresses.length === 0) throw new UnsafeDestination(`host ${host} could not be resolved`);
  if (!allowed) {
    for (const { address } of addresses) {
      const why = refusedAddress(address);
      if (why) throw new UnsafeDestination('the host resolves to a private address', { host, address, why });
    }
  }
  return addresses;
}
