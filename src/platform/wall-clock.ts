/**
 * Wall-clock time in an IANA zone, through Intl so daylight saving follows each zone's rules. One
 * formatter per zone serves the airline connectors (reading an airline's local deadlines) and the
 * test systems (planning flights in local time and writing local deadlines).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wallClock(zone: string, at: number): WallClock {
  const parts = formatterFor(zone).formatToParts(new Date(at));
  const get = (type: keyof WallClock): string => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at instant `at`, in ms (whole seconds). */
export function zoneOffsetMs(zone: string, at: number): number {
  const c = wallClock(zone, at);
  const asUtc = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** Instant `at` as the wall-clock time in `zone`, with no offset: `2026-12-01T10:00:00`. */
export function wallClockText(zone: string, at: number): string {
  const c = wallClock(zone, at);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}`;
}
