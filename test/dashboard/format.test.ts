import { describe, expect, it } from 'vitest';
import {
  cabinText,
  formatInstant,
  formatMoney,
  keyRestrictions,
  lastChangeText,
  splitList,
} from '../../dashboard/src/lib/format.js';

describe('dashboard formatting', () => {
  it('splits a typed list on commas and white space, dropping empty items', () => {
    expect(splitList(' 10.0.0.0/8, 192.168.1.1 ,,\n2001:db8::/32 ')).toEqual(['10.0.0.0/8', '192.168.1.1', '2001:db8::/32']);
    expect(splitList('  ')).toEqual([]);
  });

  it("shows a segment's cabin by the airline's name for it, with the cabin sold beside it", () => {
    expect(cabinText({ cabin: 'business', cabin_marketing_name: 'Flagship Business' })).toBe('Flagship Business (business)');
    // The same words once; no marketing name: the cabin; nothing known: a dash.
    expect(cabinText({ cabin: 'economy', cabin_marketing_name: 'Economy' })).toBe('Economy');
    expect(cabinText({ cabin: 'first', cabin_marketing_name: null })).toBe('first');
    expect(cabinText({ cabin: null, cabin_marketing_name: 'Upper Class' })).toBe('Upper Class');
    expect(cabinText({ cabin: null, cabin_marketing_name: null })).toBe('—');
  });

  it('says what the last change of flights charged, and the change fee within it', () => {
    const at = '2026-12-01T10:00:00Z';
    const change = { charged: { amount: 57, currency: 'GBP' }, penalty: { amount: 50, currency: 'GBP' }, changed_at: at };
    expect(lastChangeText(change)).toBe(
      `Flights changed on ${formatInstant(at)}: the airline charged ${formatMoney(57, 'GBP')}, of which a change fee of ${formatMoney(50, 'GBP')}`,
    );
    expect(lastChangeText({ ...change, charged: { amount: -20, currency: 'USD' }, penalty: null })).toBe(
      `Flights changed on ${formatInstant(at)}: the airline gave back ${formatMoney(20, 'USD')}`,
    );
  });

  it('names every restriction of a key, or none', () => {
    const open = { allowedIps: [], allowed_paths: [], read_only: false, expiresAt: null };
    expect(keyRestrictions(open)).toBe('none');
    expect(keyRestrictions({ ...open, read_only: true, allowedIps: ['10.0.0.0/8'], allowed_paths: ['/v1/shopping'] })).toBe(
      'read-only; IPs: 10.0.0.0/8; paths: /v1/shopping',
    );
    expect(keyRestrictions({ ...open, expiresAt: '2030-01-01T00:00:00Z' })).toMatch(/^expires .*2030/);
  });

  it('shows a decimal amount with its currency, and a dash when either is missing', () => {
    expect(formatMoney(123.4, 'USD')).toMatch(/123\.40/);
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(10, null)).toBe('—');
    expect(formatMoney(10, 'NOT-A-CODE')).toBe('10 NOT-A-CODE');
  });
});
