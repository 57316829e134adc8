import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/platform/config.js';
import { loadConfig } from '../../src/sources/load-config.js';

describe('configuration', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeNull();
    expect(config.orderWritesEnabled).toBe(true);
    expect(config.keyPrefix).toBe('fa');
    expect(config.dataDir).toMatch(/data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reports every bad value at once, each naming its variable', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'eighty',
        ORDER_WRITES_ENABLED: 'maybe',
        KEY_PREFIX: 'Bad_Prefix',
        REDIS_URL: 'localhost:6379',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual(
      expect.arrayContaining([
        'PORT must be an integer from 0 to 65535 (got "eighty")',
        'ORDER_WRITES_ENABLED must be true or false (got "maybe")',
        expect.stringContaining('KEY_PREFIX must be'),
        expect.stringContaining('REDIS_URL must be a URL'),
        expect.stringContaining('LOG_LEVEL must be one of'),
      ]),
    );
  });

  it('requires KEYRING with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/KEYRING is required when DATABASE_URL is set/);
  });

  it('reads TRUST_PROXY as no proxy, a hop count or proxy addresses, and refuses true and ambiguous values', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.1.0.0/16' }).trustProxy).toEqual({ addresses: ['loopback', '10.1.0.0/16'] });
    for (const value of ['true', 'TRUE', 'yes', '1.2.3', '10.0.0.0/8,,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
