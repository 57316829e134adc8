import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { watchResponsesInFlight } from './responses-in-flight.js';

// A keep-alive time-out far past the test's bound: a close that waited for it would lose the race.
const KEEP_ALIVE_MS = 60_000;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

/** 'closed' when the close finished within `ms`, else 'still open' (waiting for keep-alive takes KEEP_ALIVE_MS). */
async function closedWithin(ms: number, close: Promise<unknown>): Promise<string> {
  return Promise.race([close.then(() => 'closed'), sleep(ms, 'still open')]);
}

describe('a closing server ends each keep-alive connection with its last response', () => {
  const agents: http.Agent[] = [];
  afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

  async function serverWithSlowRoutes() {
    const app = Fastify({ return503OnClosing: true, keepAliveTimeout: KEEP_ALIVE_MS });
    const inFlight = watchResponsesInFlight(app.server);
    app.get('/slow', async () => {
      await sleep(400);
      return { ok: true };
    });
    app.get('/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('event: offers\ndata: {}\n\n');
      setTimeout(() => reply.raw.end('event: done\ndata: {}\n\n'), 400);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    return { app, inFlight, agent, port: (app.server.address() as { port: number }).port };
  }

  it('an answer in flight when the close begins arrives whole, says Connection: close, and the close does not wait for keep-alive', async () => {
    const { app, inFlight, agent, port } = await serverWithSlowRoutes();
    const answer = get(port, '/slow', agent);
    await sleep(100);
    inFlight.closeEachWithItsResponse();
    const closed = closedWithin(20_000, app.close());
    expect(await answer).toEqual({ status: 200, connection: 'close', body: '{"ok":true}' });
    expect(await closed).toBe('closed');
  });

  it('a stream already begun ends with its last event, then its connection closes', async () => {
    const { app, inFlight, agent, port } = await serverWithSlowRoutes();
    const answer = get(port, '/stream', agent);
    await sleep(100);
    inFlight.closeEachWithItsResponse();
    const closed = closedWithin(20_000, app.close());
    const streamed = await answer;
    expect(streamed.status).toBe(200);
    expect(streamed.body).toBe('event: offers\ndata: {}\n\nevent: done\ndata: {}\n\n');
    expect(await closed).toBe('closed');
  });

  it('without it, the same close waits for the keep-alive time-out (the gap it closes)', async () => {
    const app = Fastify({ return503OnClosing: true, keepAliveTimeout: KEEP_ALIVE_MS });
    app.get('/slow', async () => {
      await sleep(400);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    const answer = get((app.server.address() as { port: number }).port, '/slow', agent);
    await sleep(100);
    const closing = app.close();
    expect((await answer).connection).toBe('keep-alive');
    // The answer is done; two more seconds and the server still waits on its idle connection.
    expect(await closedWithin(2_000, closing)).toBe('still open');
    agent.destroy();
    await closing;
  });
});
