import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../platform/errors.js';

/** Restrictions a key may carry; each is optional and checked on every request. */
export interface KeyRestrictions {
  allowedIps: string[] | null;
  expiresAt: Date | null;
  readOnly: boolean;
  allowedPaths: string[] | null;
}

export type RestrictionRefusal =
  | { status: 401; code: 'api_key_expired'; message: string }
  | { status: 403; code: 'ip_not_allowed' | 'api_key_read_only' | 'path_not_allowed'; message: string };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// A key that never expires is a choice (no expiresAt); a date decades away is usually a typo.
const MAX_KEY_LIFETIME_MS = 5 * 366 * 86_400_000;

/** A compiled allowlist: addresses and CIDR ranges, IPv4 and IPv6 (IPv4-mapped IPv6 clients match IPv4 rules). */
export function compileAllowlist(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function clientAllowed(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return list.check(ip, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    return list.check(ip, 'ipv6') || (mapped !== undefined && list.check(mapped, 'ipv4'));
  }
  return false;
}

/**
 * `path(request)` must give the path the router matched in its canonical spelling (the route
 * template with percent-encoded parameters, see matchedPath in route-policy.ts), never the raw
 * URL: `/%761/orders` is the same route as `/v1/orders` and must meet the same `allowedPaths`.
 * The path, the client address (a getter that may walk X-Forwarded-For) and the time are asked
 * for only by the restriction that needs them: this runs on every request, and most keys have none.
 */
export function checkRestrictions<R extends { readonly ip: string; readonly method: string }>(
  r: KeyRestrictions & { allowlist: BlockList | null },
  request: R,
  path: (request: R) => string,
  now: () => Date,
): RestrictionRefusal | null {
  if (r.expiresAt && r.expiresAt.getTime() <= now().getTime()) {
    return { status: 401, code: 'api_key_expired', message: 'api key expired' };
  }
  if (r.allowlist) {
    const ip = request.ip;
    if (!clientAllowed(r.allowlist, ip)) {
      return { status: 403, code: 'ip_not_allowed', message: `api key does not allow requests from ${ip}` };
    }
  }
  if (r.readOnly && !READ_METHODS.has(request.method)) {
    return { status: 403, code: 'api_key_read_only', message: 'api key is read-only' };
  }
  if (r.allowedPaths) {
    const matched = path(request);
    if (!r.allowedPaths.some((p) => matched === p || matched.startsWith(`${p}/`))) {
      return { status: 403, code: 'path_not_allowed', message: `api key does not allow ${matched}` };
    }
  }
  return null;
}

/** Checks restriction input from any caller (CLI, portal) and names the field that is wrong. */
export function validateRestrictions(input: {
  allowedIps?: string[] | null;
  expiresAt?: Date | null;
  allowedPaths?: string[] | null;
  now: Date;
}): void {
  for (const entry of input.allowedIps ?? []) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw badRequest(`allowedIps entry "${entry}" is not an IP address or CIDR range`);
    }
  }
  if ((input.allowedIps?.length ?? 0) > 100) throw badRequest('allowedIps must have at most 100 entries');
  if (input.expiresAt && input.expiresAt.getTime() <= input.now.getTime()) {
    throw badRequest('expiresAt must be in the future');
  }
  if (input.expiresAt && input.expiresAt.getTime() > input.now.getTime() + MAX_KEY_LIFETIME_MS) {
    throw badRequest('expiresAt must be at most 5 years ahead');
  }
  (input.allowedPaths ?? []).forEach((p, i) => {
    // Only a path in its one normal spelling: the gate compares prefixes, so `/v1/../admin`,
    // `/v1/./orders`, `//`, percent-encoding or a trailing slash would mean something other
    // than what the owner reads.
    const segments = p.split('/').slice(2);
    if (!/^\/v1(\/[A-Za-z0-9._~-]+)*$/.test(p) || segments.some((s) => /^\.+$/.test(s))) {
      throw badRequest(
        `allowed_paths[${i}] must be a path under /v1/ without ".", "..", "//", percent-encoding or a trailing slash, such as /v1/aviation`,
      );
    }
  });
  if ((input.allowedPaths?.length ?? 0) > 50) throw badRequest('allowed_paths must have at most 50 entries');
}
