/**
 * Child process of bench/shopping-compressed.ts: the floor under a compressed cached search. A bare
 * Fastify route (no logger, as shopping-cached.ts's floor) answers every POST to `/bare` with a
 * file's bytes as they are, labelled with the given Content-Encoding: the same compressed bytes the
 * gateway sends for the cached search, with nothing done per request. It runs as the gateway does:
 * plain node with the start script's settings (shopping-lib.ts, listeningChild). Prints one JSON
 * line when listening.
 *
 *   node bench/lib/stored-bytes-server.mjs <file> <content-encoding>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, encoding] = process.argv.slice(2);
if (!file || !encoding) {
  console.log('bench/lib/stored-bytes-server.mjs is the floor server of bench/shopping-compressed.ts; run that one.');
} else {
  const bytes = fs.readFileSync(file);
  const app = Fastify();
  app.post('/bare', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('content-encoding', encoding)
      .header('vary', 'Accept-Encoding')
      .send(bytes),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: app.server.address().port }));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
