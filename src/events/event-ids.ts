import crypto from 'node:crypto';
import type { Keyring } from '../platform/keyring/keyring.js';

/**
 * Event ids as the API shows them: `evt_` + 22 base64url characters, one AES-256 block (a keyed
 * permutation of 128 bits) holding the outbox row id (8 bytes, big-endian) and a tag of the agency
 * (the first 8 bytes of HMAC-SHA256(key, agency id)). An agency's ids are not sequential numbers
 * and say nothing about other agencies' activity; an id read back decrypts to its row id only when
 * its tag is the reading agency's, so another agency's id is as unknown as one never issued.
 * Ordering, cursors and replay stay by row id behind the id.
 *
 * The key is derived from the keyring's first `offer-ids` key (Keyring.derive): the same on every
 * instance and across restarts, and unchanged by adding a newer `offer-ids` key. Removing that
 * first key changes every event id: ids handed out before then become unknown (404, or a 400 as a
 * cursor or Last-Event-ID), so keep it in the keyring for as long as events are kept (30 days).
 */
export const EVENT_ID_LENGTH = 4 + 22;
const NEW_FORM = /^evt_([A-Za-z0-9_-]{22})$/;
// The form ids had before they were opaque: accepted on input for the reader's own events during the
// deprecation period (docs/versioning.md), never emitted.
const LEGACY_FORM = /^evt_([1-9][0-9]{0,17})$/;
const MAX_ROW_ID = (1n << 63n) - 1n;

/** The row id behind an event id and whether it came in the legacy numeric form. */
export interface ReadEventId {
  rowId: string;
  legacy: boolean;
}

export interface EventIds {
  /** The id of outbox row `rowId` as shown to `agencyId`. */
  show(rowId: string, agencyId: string): string;
  /** The row id behind `id` for `agencyId`, or null when the id is not one given to that agency. */
  read(id: string, agencyId: string): ReadEventId | null;
}

export function createEventIds(keyring: Keyring): EventIds {
  const key = keyring.derive('offer-ids', 'flightagg event ids v1', 32);
  const tagKey = keyring.derive('offer-ids', 'flightagg event id agency tags v1', 32);
  const tagOf = (agencyId: string) => crypto.createHmac('sha256', tagKey).update(agencyId).digest().subarray(0, 8);
  const block = (mode: 'encrypt' | 'decrypt', input: Buffer): Buffer => {
    const cipher =
      mode === 'encrypt' ? crypto.createCipheriv('aes-256-ecb', key, null) : crypto.createDecipheriv('aes-256-ecb', key, null);
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(input), cipher.final()]);
  };
  return {
    show(rowId, agencyId) {
      const plain = Buffer.alloc(16);
      plain.writeBigUInt64BE(BigInt(rowId), 0);
      tagOf(agencyId).copy(plain, 8);
      return `evt_${block('encrypt', plain).toString('base64url')}`;
    },
    read(id, agencyId) {
      const legacy = LEGACY_FORM.exec(id)?.[1];
      if (legacy !== undefined) return BigInt(legacy) <= MAX_ROW_ID ? { rowId: legacy, legacy: true } : null;
      const encoded = NEW_FORM.exec(id)?.[1];
      if (encoded === undefined) return null;
      const bytes = Buffer.from(encoded, 'base64url');
      // 22 characters carry 132 bits: only the spelling this module writes (last 4 bits zero) is read.
      if (bytes.length !== 16 || bytes.toString('base64url') !== encoded) return null;
      const plain = block('decrypt', bytes);
      if (!crypto.timingSafeEqual(plain.subarray(8), tagOf(agencyId))) return null;
      const rowId = plain.readBigUInt64BE(0);
      return rowId >= 1n && rowId <= MAX_ROW_ID ? { rowId: rowId.toString(), legacy: false } : null;
    },
  };
}
