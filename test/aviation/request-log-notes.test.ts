// Aviation and reference reads in the request log (docs/operations/request-log.md, "Bodies"): a
// successful answer is public data the same request answers again, so nothing is written for it and
// the bodies' read answers a note; an error answer is kept, as it says what the client got wrong.
// Through GET /v1/dev/requests/{request_id} and against the stored rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ANSWER_NOTE } from '../../src/request-log/body-capture.js';
import { REQUEST_LOG_FLUSH_JOB } from '../../src/request-log/plugin.js';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

let t: AviationTestApp;
let key: string;
let session: Record<string, string>;
beforeAll(async () => {
  t = await aviationTestApp({ synced: true });
  const agency = await t.agencyWithKey();
  key = agency.secret;
  session = await portalLogin(t, (await portalUser(t, { agencyId: agency.agencyId, role: 'developer' })).email);
});
afterAll(async () => t?.close());

const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
const bodiesOf = (requestId: string) =>
  t.app.inject({ method: 'GET', url: `/v1/dev/requests/${encodeURIComponent(requestId)}`, headers: session });
const rowsFor = async (requestId: string) =>
  t.platform.db
    .selectFrom('api_request_bodies')
    .select(['response_body', 'response_note'])
    .where('request_id', '=', requestId)
    .execute();

describe('the request log and reference data', () => {
  it('writes nothing for an aviation or reference answer and reads it back as a note; keeps an error answer', async () => {
    const airport = await read('/v1/aviation/airports/JFK');
    expect(airport.statusCode, airport.body).toBe(200);
    const sources = await read('/v1/reference/sources');
    expect(sources.statusCode, sources.body).toBe(200);
    const refused = await read('/v1/aviation/airports?lat=abc&lon=-73.8&radius_km=100');
    expect(refused.statusCode, refused.body).toBe(400);
    await t.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);

    for (const res of [airport, sources]) {
      const requestId = res.headers['x-request-id'] as string;
      expect(await rowsFor(requestId)).toEqual([]);
      const noted = await bodiesOf(requestId);
      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json()).toMatchObject({
        request_id: requestId,
        environment: 'test',
        request_body: { text: null, note: null, truncated: false, dropped_bytes: 0, redacted: false },
        response_body: { text: null, note: REFERENCE_ANSWER_NOTE, truncated: false, dropped_bytes: 0, redacted: false },
      });
    }

    const kept = await bodiesOf(refused.headers['x-request-id'] as string);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().response_body.note).toBeNull();
    expect(JSON.parse(kept.json().response_body.text)).toEqual(refused.json());
    // An id the log does not hold is still a 404.
    expect((await bodiesOf('req_unknown0000000000000')).statusCode).toBe(404);
  });
});
