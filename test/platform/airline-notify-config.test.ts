import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_AA_NOTIFY_SECRET } from '../../src/platform/config.js';
import { loadConfig } from '../../src/sources/load-config.js';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('AA_NOTIFY_SECRET and the airline sweep settings', () => {
  it('defaults to the development secret and a 30-a-minute sweep re-checking after 30 minutes', () => {
    const config = loadConfig({});
    expect(config.sources.AA!.signing!.secret).toBe(DEV_AA_NOTIFY_SECRET);
    expect(config.sources.AA!.signing!.notifyUrl).toBeNull();
    expect(config.airlineSweep).toEqual({ ordersPerMinute: 30, recheckMinutes: 30, intervalSeconds: 60 });
  });

  it('refuses to start against the live airline without a secret of its own', () => {
    const live = { AA_LIVE_URL: 'https://ndc.aa.example/api' };
    expect(problems(live)).toContain('AA_NOTIFY_SECRET is required when AA_LIVE_URL is set (the development secret is public)');
    expect(problems({ ...live, AA_NOTIFY_SECRET: DEV_AA_NOTIFY_SECRET })).toHaveLength(1);
    expect(problems({ ...live, AA_NOTIFY_SECRET: 'a-secret-only-aa-and-we-know' })).toEqual([]);
  });

  it('names the variable when a value is out of bounds', () => {
    expect(problems({ AA_NOTIFY_SECRET: 'short' })).toEqual(['AA_NOTIFY_SECRET must be at least 16 characters']);
    expect(problems({ AA_NOTIFY_URL: 'ftp://x' })).toEqual(['AA_NOTIFY_URL must be a URL starting with http:// or https://']);
    expect(problems({ AIRLINE_SWEEP_ORDERS_PER_MINUTE: '-1' })[0]).toMatch(/^AIRLINE_SWEEP_ORDERS_PER_MINUTE must be an integer/);
    expect(problems({ AIRLINE_SWEEP_RECHECK_MINUTES: '0' })[0]).toMatch(/^AIRLINE_SWEEP_RECHECK_MINUTES must be an integer/);
    expect(problems({ AIRLINE_SWEEP_INTERVAL_SECONDS: '0' })[0]).toMatch(/^AIRLINE_SWEEP_INTERVAL_SECONDS must be an integer/);
  });
});
