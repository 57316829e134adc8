/**
 * Airlines' time limits (offer expiry, payment time limit) as the API shows them: an RFC 3339
 * instant in UTC (`2026-12-01T16:00:00.000Z`). An airline text with its own offset or `Z` is
 * read as written; one without a zone (`2026-12-01T10:00:00`, the airline's local clock) is read
 * in the airline's clock zone (its profile's `clockZone`), so no answer leaves a deadline whose
 * instant a client would have to guess. Text that is no date-time is null (no deadline known).
 */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

export function airlineInstant(text: string | null, clockZone: string): string | null {
  if (!text) return null;
  const value = text.trim();
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
  let instant = wall - offsetMs(clockZone, wall);
  instant = wall - offsetMs(clockZone, instant);
  return new Date(instant).toISOString();
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}
