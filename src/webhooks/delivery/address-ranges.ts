import net from 'node:net';

/**
 * Which IP addresses a webhook may be delivered to: public unicast only. Every range below is
 * somewhere a request from inside our network must not reach (our own hosts, the cloud metadata
 * service at 169.254.169.254, a neighbour's private network) or that is not a real destination.
 * Addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by the embedded one.
 */

type Range = readonly [bytes: number[], bits: number, why: string];

const v4 = (cidr: string, why: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  return [address.split('.').map(Number), Number(bits), why];
};
const v6 = (cidr: string, why: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  return [ipv6Bytes(address)!, Number(bits), why];
};

const IPV4_REFUSED: Range[] = [
  v4('0.0.0.0/8', 'is a "this network" address'),
  v4('10.0.0.0/8', 'is private'),
  v4('100.64.0.0/10', 'is carrier-grade NAT (shared) space'),
  v4('127.0.0.0/8', 'is loopback'),
  v4('169.254.0.0/16', 'is link-local (cloud metadata lives there)'),
  v4('172.16.0.0/12', 'is private'),
  v4('192.0.0.0/24', 'is reserved for protocol assignments'),
  v4('192.0.2.0/24', 'is reserved for documentation'),
  v4('192.88.99.0/24', 'is the deprecated 6to4 relay anycast'),
  v4('192.168.0.0/16', 'is private'),
  v4('198.18.0.0/15', 'is reserved for benchmarking'),
  v4('198.51.100.0/24', 'is reserved for documentation'),
  v4('203.0.113.0/24', 'is reserved for documentation'),
  v4('224.0.0.0/4', 'is multicast'),
  v4('240.0.0.0/4', 'is reserved (including broadcast)'),
];

const IPV6_REFUSED: Range[] = [
  // ::/128 unspecified, ::1 loopback and the deprecated IPv4-compatible ::a.b.c.d.
  v6('::/96', 'is unspecified, loopback or IPv4-compatible'),
  v6('64:ff9b:1::/48', 'is local-use NAT64'),
  v6('100::/64', 'is a discard prefix'),
  // Teredo (2001::/32), ORCHID and the other IETF protocol assignments.
  v6('2001::/23', 'is reserved for IETF protocol assignments'),
  v6('2001:db8::/32', 'is reserved for documentation'),
  v6('3fff::/20', 'is reserved for documentation'),
  v6('5f00::/16', 'is reserved for segment routing'),
  v6('fc00::/7', 'is unique local (private)'),
  v6('fe80::/10', 'is link-local'),
  v6('fec0::/10', 'is site-local (deprecated private)'),
  v6('ff00::/8', 'is multicast'),
];

// Prefixes whose address carries an IPv4 address we must judge instead.
const MAPPED = v6('::ffff:0:0/96', '');
const NAT64 = v6('64:ff9b::/96', '');
const SIX_TO_FOUR = v6('2002::/16', '');
const GLOBAL_UNICAST = v6('2000::/3', '');

function within(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if ((bytes[i >> 3]! & mask) !== (prefix[i >> 3]! & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (with or without a dotted IPv4 tail), or null when it is not one. */
export function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!net.isIPv6(address)) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two hex groups spelled another way.
  const head = address.replace(/\d+\.\d+\.\d+\.\d+$/, (dotted) => {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)].join(':');
  });
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const groups = (s: string | undefined) =>
    s
      ? s
          .split(':')
          .filter(Boolean)
          .map((g) => parseInt(g, 16))
      : [];
  const l = groups(left);
  const r = right === null ? [] : groups(right);
  const missing = 8 - l.length - r.length;
  const words = [...l, ...(right === null ? [] : new Array<number>(missing).fill(0)), ...r];
  if (words.length !== 8) return null;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

function ipv4Verdict(bytes: number[]): string | null {
  const hit = IPV4_REFUSED.find((range) => within(bytes, range));
  return hit ? hit[2] : null;
}

/**
 * Why an address must not receive webhooks, or null when it is public. `address` is a literal
 * IPv4 (dotted quad) or IPv6 address as the resolver or the URL parser gives it.
 */
export function refusedAddress(address: string): string | null {
  if (net.isIPv4(address)) return ipv4Verdict(address.split('.').map(Number));
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'is not an IP address';
  for (const [range, offset, what] of [
    [MAPPED, 12, 'an IPv4-mapped'],
    [NAT64, 12, 'a NAT64'],
    [SIX_TO_FOUR, 2, 'a 6to4'],
  ] as const) {
    if (within(bytes, range)) {
      const embedded = ipv4Verdict(bytes.slice(offset, offset + 4));
      return embedded ? `is ${what} address embedding one that ${embedded.replace(/^is /, 'is ')}` : null;
    }
  }
  const hit = IPV6_REFUSED.find((range) => within(bytes, range));
  if (hit) return hit[2];
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return within(bytes, GLOBAL_UNICAST) ? null : 'is outside global unicast (2000::/3)';
}
