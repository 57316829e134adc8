import { zoneOffsetMs } from '../../platform/wall-clock.js';

/**
 * Airlines' time limits (offer expiry, payment time limit) as the API shows them: an RFC 3339
 * instant in UTC (`2026-12-01T16:00:00.000Z`). An airline text with its own offset or `Z` is
 * read as written; one without a zone (`2026-12-01T10:00:00`, the airline's local clock) is read
 * in the airline's clock zone (its profile's `clockZone`), so no answer leaves a deadline whose
 * instant a client would have to guess. Text that is no date-time is null (no deadline known).
 */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

// The offers of one answer carry the same few time limits: each text is read once while it repeats.
// Only texts as short as a date-time are kept, and at most MAX_KEPT of them.
const MAX_KEPT = 256;
const MAX_KEPT_LENGTH = 64;
const kept = new Map<string, string | null>();

export function airlineInstant(text: string | null, clockZone: string): string | null {
  if (!text) return null;
  if (text.length > MAX_KEPT_LENGTH) return readInstant(text.trim(), clockZone);
  const key = `${clockZone} ${text}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  if (kept.size >= MAX_KEPT) kept.clear();
  const instant = readInstant(text.trim(), clockZone);
  kept.set(key, instant);
  return instant;
}

function readInstant(value: string, clockZone: string): string | null {
  if (ZONED.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  }
  const local = LOCAL.exec(value);
  if (!local) return null;
  const [, y, mo, d, h, mi, s, frac] = local;
  const wall = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s ?? 0),
    Number((frac ?? '0').padEnd(3, '0').slice(0, 3)),
  );
  if (!Number.isFinite(wall)) return null;
  // The zone's offset at the wall time read as UTC, then again at the instant found (a DST change
  // between the two moves it by the difference).
  let instant = wall - zoneOffsetMs(clockZone, wall);
  instant = wall - zoneOffsetMs(clockZone, instant);
  return new Date(instant).toISOString();
}
