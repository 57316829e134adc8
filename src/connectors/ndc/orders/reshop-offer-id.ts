import type { OfferIdAuthenticator } from '../../offer-id-auth.js';
import { canonicalOfferId, splitOfferId } from '../../offer-id.js';

/**
 * Reshop offers are accepted by id only (change/confirm), so their id carries what acceptance
 * needs — the airline's offer id, owner and the amount due — in its own version, `<airline>|R.<json>`,
 * distinct from shopping offers so one can never be booked as the other. The amount due decides
 * what is paid on acceptance, so the id is signed like a shopping offer id (offer-id-auth.ts):
 * `encodeReshopOfferId` writes the content, the order operations sign it when they hand the
 * offer out, and `decodeReshopOfferId` reads only ids this gateway issued.
 */
export interface ReshopOfferRef {
  offerId: string;
  owner: string;
  due: { amountMinor: number; currency: string };
  /** The change fee within `due`, as the reshop offer stated it; absent on ids issued without it. */
  penalty?: { amountMinor: number; currency: string };
}

export function encodeReshopOfferId(airline: string, ref: ReshopOfferRef): string {
  const json = JSON.stringify({
    o: ref.offerId,
    w: ref.owner,
    d: ref.due.amountMinor,
    c: ref.due.currency,
    ...(ref.penalty && { p: ref.penalty.amountMinor, pc: ref.penalty.currency }),
  });
  return canonicalOfferId(airline, `R.${Buffer.from(json).toString('base64url')}`);
}

export function decodeReshopOfferId(airline: string, id: string, auth: OfferIdAuthenticator): ReshopOfferRef | null {
  const content = auth.open(id);
  const split = content === null ? null : splitOfferId(content);
  if (!split || split.source !== airline || !split.reference.startsWith('R.')) return null;
  try {
    const c = JSON.parse(Buffer.from(split.reference.slice(2), 'base64url').toString('utf8')) as {
      o?: unknown;
      w?: unknown;
      d?: unknown;
      c?: unknown;
      p?: unknown;
      pc?: unknown;
    };
    if (typeof c.o !== 'string' || typeof c.w !== 'string' || !Number.isSafeInteger(c.d) || typeof c.c !== 'string') return null;
    const penalty =
      Number.isSafeInteger(c.p) && typeof c.pc === 'string' ? { penalty: { amountMinor: c.p as number, currency: c.pc } } : {};
    return { offerId: c.o, owner: c.w, due: { amountMinor: c.d as number, currency: c.c }, ...penalty };
  } catch {
    return null;
  }
}
