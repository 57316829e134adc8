import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { createAaConnector } from '../../src/connectors/aa/aa-connector.js';
import { createOfferIdAuthenticator, type OfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import type { TestSystemStorage } from '../../src/testsystem/ndc/storage/open-storage.js';

export const KEY = 'aa-test-subscription-key';

export interface Exchange {
  /** The NDC message name, from the path (`AirShopping`, `OrderCreate`, ...). */
  message: string;
  request: string;
  response: string;
}

export interface RecordedAa {
  aa: AaTestSystem;
  /** Every request the connector sent through the recorder, and the answer it got. */
  traffic: Exchange[];
  /** The offer id keys every connector of this recorder shares (a fresh keyring of its own). */
  offerIds: OfferIdAuthenticator;
  /** An AA connector whose test calls go through the recorder (`direct`: straight to the test system). */
  connector(options?: { direct?: boolean }): ReturnType<typeof createAaConnector>;
  close(): Promise<void>;
}

/**
 * The real AA test system with a recorder in front of it, so wire tests can validate both halves
 * of every exchange the connector makes against the NDC schemas; in memory, or on `storage`.
 */
export async function startRecordedAa(options: { storage?: TestSystemStorage } = {}): Promise<RecordedAa> {
  const aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, ...options });
  const traffic: Exchange[] = [];
  const offerIds = createOfferIdAuthenticator(Keyring.parse(Keyring.generateText()));
  const recorder = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const upstream = await request(`${aa.url}${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body,
    });
    const answer = await upstream.body.text();
    traffic.push({ message: req.url!.split('/').pop()!, request: body, response: answer });
    res.writeHead(upstream.statusCode, { 'content-type': String(upstream.headers['content-type'] ?? 'application/xml') });
    res.end(answer);
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  return {
    aa,
    traffic,
    offerIds,
    connector: ({ direct = false } = {}) =>
      createAaConnector({
        testUrl: direct ? aa.url : recorderUrl,
        testSubscriptionKey: KEY,
        liveUrl: null,
        liveSubscriptionKey: null,
        offerIds,
      }),
    async close() {
      await new Promise((resolve) => recorder.close(resolve));
      await aa.close();
    },
  };
}
