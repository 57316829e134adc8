import type { Keyring } from '../platform/keyring/keyring.js';

/**
 * Longest offer id the gateway reads. Ids it issues stay far below (a six-slice trip for nine
 * passengers is about 700 characters) and must fit a URL path (maxParamLength 1000); anything
 * longer is refused before it is hashed, decoded or parsed.
 */
export const MAX_OFFER_ID_LENGTH = 900;

// 128 bits of HMAC-SHA256: forging a tag takes 2^128 tries, and 22 characters keep ids short.
const TAG_BYTES = 16;
const TAG_CHARS = 22;

/**
 * Offer ids carry what later calls need (airline offers, passenger counts) so no instance has to
 * remember a search; that content is the client's to send back, so it is authenticated. A
 * connector `sign`s every id it hands out (`<content>.<tag>`, the tag an HMAC over the content
 * under a keyring key of purpose `offer-ids`) and reads only what `open` returns: the content
 * of an id this gateway issued, under any key of the purpose (rotation), or null.
 */
export interface OfferIdAuthenticator {
  sign(content: string): string;
  /** The signed content, or null for an id that is too long, untagged, or tagged under no key of ours. */
  open(offerId: string): string | null;
}

export function createOfferIdAuthenticator(keyring: Keyring): OfferIdAuthenticator {
  return {
    sign: (content) => `${content}.${keyring.tag('offer-ids', content, TAG_BYTES)}`,
    open(offerId) {
      if (offerId.length > MAX_OFFER_ID_LENGTH) return null;
      const dot = offerId.length - TAG_CHARS - 1;
      if (dot < 1 || offerId[dot] !== '.') return null;
      const content = offerId.slice(0, dot);
      return keyring.verifyTag('offer-ids', content, offerId.slice(dot + 1), TAG_BYTES) ? content : null;
    },
  };
}
