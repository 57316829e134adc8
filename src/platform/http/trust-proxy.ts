import net from 'node:net';

/**
 * Which proxies may tell the gateway who the client is (`X-Forwarded-For`). The client address is
 * then the right-most address in the chain that is not a trusted proxy (`proxy-addr`, as Fastify
 * uses it), so whatever a client writes at the left of the header is never believed.
 *
 * - `false`: no proxy; the socket's peer is the client.
 * - `{ hops }`: that many proxies stand in front, counted from the socket. Only safe when the
 *   gateway is reachable through those proxies alone (a client that connects directly can write
 *   the addresses it likes); prefer listing the proxies' addresses.
 * - `{ addresses }`: the proxies' IPs, CIDRs, or proxy-addr's names `loopback`, `linklocal`,
 *   `uniquelocal`; any peer outside the list is the client, whatever its headers say.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 10;

/** The list entry's problem, or null when proxy-addr would accept it. */
function entryProblem(entry: string): string | null {
  if (NAMED_RANGES.includes(entry)) return null;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}" has a prefix length outside 0-${max}`;
  return null;
}

/** TRUST_PROXY's text to a setting, or the sentence that says why it is refused. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problem: string } {
  const text = (raw ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return { value: false };
  if (text.toLowerCase() === 'true') {
    return {
      problem:
        'TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so any client can choose its own address. ' +
        'Set the number of proxies in front of the gateway (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8 or loopback)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return { value: false };
    if (hops > MAX_HOPS) return { problem: `TRUST_PROXY hop count must be from 0 to ${MAX_HOPS} (got "${text}")` };
    return { value: { hops } };
  }
  const entries = text.split(',').map((s) => s.trim());
  const problems = entries.map((e) => (e === '' ? 'an empty entry' : entryProblem(e))).filter((p) => p !== null);
  if (problems.length > 0) {
    return {
      problem:
        `TRUST_PROXY must be false, a hop count (1, 2, ...) or a comma list of proxy IPs/CIDRs or loopback, linklocal, uniquelocal ` +
        `(got "${text}": ${problems.join('; ')})`,
    };
  }
  return { value: { addresses: entries } };
}

/**
 * The setting in the form Fastify's `trustProxy` takes. A hop count goes as a function: Fastify
 * ≥ 5.12.1 takes a plain number to mean "trust nothing" (a hop count cannot check the peer), and
 * `proxy-addr` calls it with the hop index, 0 being the socket's peer.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return [...setting.addresses];
}
