import { describe, expect, it } from 'vitest';
import { airlineInstant } from '../connectors/ndc/airline-instant.js';
import { localToUtc } from '../testsystem/ndc/network/geo-time.js';
import { timeLimitText } from '../testsystem/ndc/wire/xml-builder.js';
import { wallClockText, zoneOffsetMs } from './wall-clock.js';

const HOUR = 3_600_000;

describe('wall clocks in IANA zones', () => {
  it('follows daylight saving: Chicago is 6 hours behind UTC in January, 5 in July', () => {
    expect(zoneOffsetMs('America/Chicago', Date.UTC(2027, 0, 15, 12))).toBe(-6 * HOUR);
    expect(zoneOffsetMs('America/Chicago', Date.UTC(2027, 6, 15, 12))).toBe(-5 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', Date.UTC(2027, 6, 15, 12))).toBe(5.5 * HOUR);
  });

  it('writes the local time with no offset, and the airline side reads it back to the same instant', () => {
    const at = Date.UTC(2027, 6, 1, 16, 0, 0);
    expect(wallClockText('Europe/London', at)).toBe('2027-07-01T17:00:00');
    expect(timeLimitText(at, 'Europe/London')).toBe('2027-07-01T17:00:00');
    expect(timeLimitText(at, undefined)).toBe('2027-07-01T16:00:00Z');
    expect(airlineInstant('2027-07-01T17:00:00', 'Europe/London')).toBe('2027-07-01T16:00:00.000Z');
    expect(airlineInstant('2027-01-05T10:00:00', 'America/Chicago')).toBe('2027-01-05T16:00:00.000Z');
  });

  it('reads a repeated text in the zone it is given each time, and odd texts as no instant', () => {
    // The reader keeps what it has read (offers repeat their time limits): per zone, never across.
    for (let i = 0; i < 2; i++) {
      expect(airlineInstant('2027-07-01T17:00:00', 'Europe/London')).toBe('2027-07-01T16:00:00.000Z');
      expect(airlineInstant('2027-07-01T17:00:00', 'America/Chicago')).toBe('2027-07-01T22:00:00.000Z');
      expect(airlineInstant(' 2027-07-01T17:00:00Z ', 'America/Chicago')).toBe('2027-07-01T17:00:00.000Z');
      expect(airlineInstant('soon', 'Europe/London')).toBeNull();
      expect(airlineInstant(`2027-07-01T17:00:00${' '.repeat(100)}x`, 'Europe/London')).toBeNull();
    }
    // More distinct texts than it keeps: every one still read right.
    for (let day = 1; day <= 28; day++) {
      for (let hour = 0; hour < 12; hour++) {
        const text = `2027-02-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:30:00`;
        expect(airlineInstant(text, 'America/Chicago')).toBe(
          `2027-02-${String(day).padStart(2, '0')}T${String(hour + 6).padStart(2, '0')}:30:00.000Z`,
        );
      }
    }
  });

  it('plans a local departure on the day the clocks change (London, 28 March 2027, 01:00 UTC)', () => {
    expect(new Date(localToUtc('2027-03-28', 9 * 60, 'Europe/London')).toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(new Date(localToUtc('2027-03-27', 9 * 60, 'Europe/London')).toISOString()).toBe('2027-03-27T09:00:00.000Z');
  });
});
