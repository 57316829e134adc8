import { describe, expect, it } from 'vitest';
import { formatMoney, keyRestrictions, splitList } from '../../dashboard/src/lib/format.js';

describe('dashboard formatting', () => {
  it('splits a typed list on commas and white space, dropping empty items', () => {
    expect(splitList(' 10.0.0.0/8, 192.168.1.1 ,,\n2001:db8::/32 ')).toEqual(['10.0.0.0/8', '192.168.1.1', '2001:db8::/32']);
    expect(splitList('  ')).toEqual([]);
  });

  it('names every restriction of a key, or none', () => {
    const open = { allowedIps: [], allowedPaths: [], readOnly: false, expiresAt: null };
    expect(keyRestrictions(open)).toBe('none');
    expect(keyRestrictions({ ...open, readOnly: true, allowedIps: ['10.0.0.0/8'], allowedPaths: ['/v1/shopping'] })).toBe(
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
