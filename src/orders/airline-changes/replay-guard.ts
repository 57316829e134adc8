import type { Db } from '../../platform/db/database.js';
import { acceptedSignature } from './notification-signature.js';
import { claimSignature, releaseSignature, signatureDigest } from './replay-guard-store.js';

/**
 * Handles an authenticated notification once per signature: the same signed body again while the
 * signature is still accepted (a replay, or the airline's duplicate delivery) is `replay` and
 * reads nothing. If handling fails, the signature is forgotten again, so the airline's resend of
 * a notification we could not take (503) is read.
 */
export async function oncePerSignature<T>(
  deps: { db: Db; clock: () => Date },
  airline: string,
  signatureHeader: string,
  handle: () => Promise<T>,
): Promise<{ replay: true } | { replay: false; value: T }> {
  const { mac, expiresAt } = acceptedSignature(signatureHeader);
  const digest = signatureDigest(airline, mac);
  if (!(await claimSignature(deps.db, digest, deps.clock(), expiresAt))) return { replay: true };
  try {
    return { replay: false, value: await handle() };
  } catch (err) {
    await releaseSignature(deps.db, digest);
    throw err;
  }
}
