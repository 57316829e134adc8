import { badRequest } from '../platform/errors.js';
import { splitOfferId } from './offer-id.js';

// What may be echoed back of a caller's text: a source code's spelling only, never the id itself.
const SOURCE_CODE = /^[A-Z0-9]{2,8}$/;

/**
 * The contract's 400 `unknown airline` for an offer id whose airline cannot be told, with `detail`
 * saying what an offer id looks like, from the sources this gateway connects (`AA|…`, `VS|…`,
 * `DUFFEL|…`): most often the id was retyped, trimmed, or sent without its prefix.
 */
export function unknownOfferAirline(offerId: string, airline: string | undefined, sources: readonly string[]) {
  const shapes = sources.map((code) => `${code}|…`).join(', ');
  const looksLike = `an offer id starts with the code of the source that sold it and a bar (${shapes}), exactly as search or price returned it; in a path, percent-encode it (the bar is %7C)`;
  const named = airline?.trim().toUpperCase();
  let detail: string;
  if (named) {
    const spelled = SOURCE_CODE.test(named) ? `"${named}"` : 'it';
    detail = `airline ${spelled} is not one this gateway connects to (${sources.join(', ')}); ${looksLike}`;
  } else {
    const prefix = splitOfferId(offerId)?.source;
    const has = prefix ? `its prefix "${prefix}" is not a connected source` : 'this one has no such prefix';
    detail = `${looksLike}; ${has}`;
  }
  return badRequest('unknown airline', 'unknown_airline', { detail });
}
