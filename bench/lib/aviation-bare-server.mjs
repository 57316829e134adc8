/**
 * Child process of bench/aviation-http.ts: the floors under the gateway's aviation reads. A bare
 * Fastify route sends the given bytes on the JFK path, and the radius file's bytes (one real radius
 * answer of the gateway) on the airport search path whatever its query. With `--logged`, Fastify is
 * given the logger the gateway gives it (platform/logger.ts's createLogger at LOG_LEVEL, default
 * `info` as `npm start`'s, its stream to /dev/null as the bench's gateway's stdout is), and logs its
 * requests as Fastify does by default: the floor of any app on the stack architecture.md names. It
 * runs as the gateway does: plain node with the start script's settings (shopping-lib.ts,
 * listeningChild). Prints one JSON line when listening.
 *
 *   node bench/lib/aviation-bare-server.mjs <jfkFile> <radiusFile> [--logged]
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { importCompiled } from '../../bin/compile-sources.js';

const JFK_PATH = '/v1/aviation/airports/JFK';
const RADIUS_PATH = '/v1/aviation/airports';

const [jfkFile, radiusFile, flag] = process.argv.slice(2);
if (!jfkFile || !radiusFile) {
  console.log('bench/lib/aviation-bare-server.mjs is the floor server of bench/aviation-http.ts; run that one.');
} else {
  const jfk = fs.readFileSync(jfkFile, 'utf8');
  const radius = fs.readFileSync(radiusFile, 'utf8');
  const logger = async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const { createLogger } = await importCompiled(root, 'platform/logger.js');
    const { LogStream } = await importCompiled(root, 'platform/log-stream.js');
    return createLogger(process.env.LOG_LEVEL || 'info', new LogStream(fs.openSync('/dev/null', 'w')));
  };
  const app = flag === '--logged' ? Fastify({ loggerInstance: await logger() }) : Fastify();
  app.get(JFK_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(jfk));
  app.get(RADIUS_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(radius));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: app.server.address().port }));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
