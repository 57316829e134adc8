import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../sources/load-config.js';
import { assertPortsFree, listenTargets, portUnavailable, PortUnavailableError } from './listen-ports.js';

describe('listenTargets', () => {
  it('is the gateway’s port, and each in-process test system’s when fixed', () => {
    expect(listenTargets(loadConfig({ PORT: '9000', HOST: '::', AA_TEST_PORT: '9001' }))).toEqual([
      { setting: 'PORT', port: 9000, host: '::' },
      { setting: 'AA_TEST_PORT', port: 9001, host: '127.0.0.1' },
    ]);
    // A test system at a URL runs elsewhere: its port is not this process's.
    expect(listenTargets(loadConfig({ VS_TEST_PORT: '9002', VS_TEST_URL: 'http://127.0.0.1:9002' }))).toEqual([
      { setting: 'PORT', port: 8080, host: '0.0.0.0' },
    ]);
  });
});

describe('portUnavailable', () => {
  const targets = listenTargets(loadConfig({ PORT: '80', AA_TEST_PORT: '9001' }));

  it('names the setting of the port a bind failed on', () => {
    const refused = portUnavailable({ code: 'EACCES', port: 80, address: '0.0.0.0' }, targets);
    expect(refused).toBeInstanceOf(PortUnavailableError);
    expect(refused?.message).toBe(
      'port 80 on 0.0.0.0 needs privileges this process does not have: set PORT to a port above 1023 (e.g. PORT=8080)',
    );
    expect(portUnavailable({ code: 'EADDRINUSE', port: 9001, address: '127.0.0.1' }, targets)?.message).toContain(
      'set AA_TEST_PORT to a free port (e.g. AA_TEST_PORT=9002)',
    );
  });

  it('leaves every other error alone', () => {
    expect(portUnavailable(new Error('boom'), targets)).toBeNull();
    expect(portUnavailable({ code: 'EADDRNOTAVAIL', port: 80 }, targets)).toBeNull();
  });
});

describe('assertPortsFree', () => {
  let taken: net.Server;
  let port: number;
  beforeAll(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it('refuses a taken port, and leaves a free one free', async () => {
    await expect(assertPortsFree([{ setting: 'PORT', port, host: '127.0.0.1' }])).rejects.toThrow(
      `port ${port} is already in use on 127.0.0.1`,
    );
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    await assertPortsFree([{ setting: 'PORT', port: free, host: '127.0.0.1' }]);
    // The check let go of it: binding it again works.
    const again = net.createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(free, '127.0.0.1', resolve));
    await new Promise((resolve) => again.close(resolve));
  });
});
