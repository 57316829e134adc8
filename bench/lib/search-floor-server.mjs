/**
 * Child process of bench/shopping-uncached.ts: the floor under an uncached search on this machine.
 * A bare Fastify route that does only what any relay of a search must: read the client's JSON,
 * send the AirShopping the connector would send to the AA test system, read its whole answer as
 * text, and answer with a gateway answer's bytes (read from a file, sent as they are). No key gate,
 * hooks, parsing of the airline's XML, mapping, signing or serialising.
 *
 * Its CPU per search, beside the gateway's in the same run, says how much of the gateway's figure is
 * the two HTTP exchanges and the payloads' bytes themselves (loopback TCP, Node's HTTP, undici), and
 * how much is the gateway's own work. It runs as the gateway does (lib/gateway-server.mjs): plain
 * node on the compiled dist/, with the start script's settings. Prints one JSON line when listening.
 *
 *   node bench/lib/search-floor-server.mjs <aaUrl> <subscriptionKey> <answerFile>
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { request } from 'undici';
import { importCompiled } from '../../bin/compile-sources.js';

const root = path.resolve(import.meta.dirname, '../..');
const compiled = (file) => importCompiled(root, file);
const { DEFAULT_SELLER } = await compiled('connectors/ndc/ndc-connector.js');
const { airShoppingRequest } = await compiled('connectors/ndc/air-shopping-request.js');
const { validateSearch } = await compiled('shopping/search-validation.js');

const [aaUrl, subscriptionKey, answerFile] = process.argv.slice(2);
if (!aaUrl || !subscriptionKey || !answerFile) {
  console.log('bench/lib/search-floor-server.mjs is the floor server of bench/shopping-uncached.ts; run that one.');
} else {
  const answer = fs.readFileSync(answerFile, 'utf8');
  const app = Fastify();
  app.post('/v1/shopping/offers', async (req, reply) => {
    const { query } = validateSearch(req.body, new Date());
    const airline = await request(`${aaUrl}/ndc/21.3/AirShopping`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'ocp-apim-subscription-key': subscriptionKey },
      body: airShoppingRequest(query, DEFAULT_SELLER),
    });
    const xml = await airline.body.text();
    // An answer that is not an AirShoppingRS would make the floor cheaper than the gateway's work for a
    // reason of its own: fail the bench instead.
    if (airline.statusCode !== 200 || !xml.includes('AirShoppingRS')) {
      return reply.code(502).send({ error: `the test system answered ${airline.statusCode}` });
    }
    return reply.type('application/json; charset=utf-8').send(answer);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
}
