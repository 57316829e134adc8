import { Agent, buildConnector } from 'undici';
import { checkedAddresses, type GuardOptions, type ResolvedAddress } from './ssrf-guard.js';

// A receiver that has not completed TCP and TLS in this time is down for this attempt.
const CONNECT_TIMEOUT_MS = 10_000;

export interface PinnedAgentOptions extends GuardOptions {
  /** Extra trusted CAs (tests); production trusts extra CAs through NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer | undefined;
  /** One attempt's time-out: no answer or body byte waited for longer. */
  attemptTimeoutMs: number;
}

/**
 * The undici dispatcher every webhook goes through. Its connect resolves the host, checks every
 * address it resolves to, and opens the socket to a checked address, in one step: there
 * is no second lookup between the check and the connection for a rebinding name to slip into.
 * TLS still verifies the certificate against the host name (SNI and identity come from the URL's
 * host, not the address). Redirects are never followed: undici does not unless told to.
 */
export function createPinnedAgent(options: PinnedAgentOptions): Agent {
  const tlsConnect = buildConnector({
    timeout: Math.min(CONNECT_TIMEOUT_MS, options.attemptTimeoutMs),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const connect: buildConnector.connector = (opts, callback) => {
    const host = opts.hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase();
    // Every address was checked; they are tried in the resolver's order until one connects
    // (localhost may answer ::1 first while the receiver only listens on 127.0.0.1).
    const tryFrom = (addresses: ResolvedAddress[], index: number, lastError: Error | null): void => {
      const next = addresses[index];
      if (!next) return callback(lastError ?? new Error(`no address to connect to for ${host}`), null);
      tlsConnect({ ...opts, hostname: next.address }, (err, socket) => {
        if (err) return tryFrom(addresses, index + 1, err);
        callback(null, socket!);
      });
    };
    checkedAddresses(host, options).then(
      (addresses) => tryFrom(addresses, 0, null),
      (err: Error) => callback(err, null),
    );
  };
  return new Agent({
    connect,
    headersTimeout: options.attemptTimeoutMs,
    bodyTimeout: options.attemptTimeoutMs,
    // Idle sockets to a receiver are reused for a few seconds only; every attempt also checks the
    // name again before it may use one (see sender.ts).
    keepAliveTimeout: 4_000,
    connections: 32,
  });
}
