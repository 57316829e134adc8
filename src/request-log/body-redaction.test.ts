import { describe, expect, it } from 'vitest';
import { isSecretName, passesLuhn, redactText, serializeRedacted } from './body-redaction.js';
import { BODY_MAX_BYTES, renderBody, truncationMarker } from './body-render.js';

/** A JSON text with the rules applied, parsed again. */
function parseRedacted(text: string): { value: unknown; redacted: boolean } {
  const written = serializeRedacted(JSON.parse(text), Infinity);
  expect(written.complete).toBe(true);
  return { value: JSON.parse(written.text), redacted: written.redacted };
}

describe('the request log redaction rules', () => {
  it('name secrets by a word of the field name, in any casing', () => {
    for (const name of ['password', 'api_key', 'apiKey', 'X-Api-Key', 'clientSecret', 'signing_secret', 'access_token']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['security_code', 'cvc', 'expiry', 'exp_month', 'authentication_value', 'card_number']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['offer_id', 'number', 'expires_at', 'holder_name', 'idempotency_key', 'given_name', 'shipping']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  it('mask card numbers that pass the Luhn check, keeping the last four, and leave other digit runs', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(redactText('card 4111 1111 1111 1111 ok')).toBe('card **** **** **** 1111 ok');
    expect(redactText('5555-5555-5555-4444')).toBe('****-****-****-4444');
    expect(redactText('4111111111111112')).toBe('4111111111111112');
    // Part of an id: not a card.
    expect(redactText('crd_4111111111111111')).toBe('crd_4111111111111111');
    expect(redactText('call +12125550100')).toBe('call +12125550100');
  });

  it('replace API-key-shaped values and bearer credentials anywhere in a string', () => {
    const key = `fa_live_${'A1b2C3d4E5'.repeat(4)}xyz`;
    expect(redactText(`my key is ${key}.`)).toBe('my key is [redacted].');
    expect(redactText('Bearer abc.def-ghi')).toBe('Bearer [redacted]');
  });

  it('walk a whole body: secret-named fields, a card object, numbers and nested arrays', () => {
    const { value, redacted } = parseRedacted(
      JSON.stringify({
        passengers: [{ given_name: 'Ada', phone: '+12125550100' }],
        payment: { type: 'card', card: { number: '1234', expiry: '1230', security_code: '737', holder_name: 'ADA' } },
        nested: [{ password: { any: 'thing' } }, 4111111111111111],
        token: null,
      }),
    );
    expect(redacted).toBe(true);
    expect(value).toEqual({
      passengers: [{ given_name: 'Ada', phone: '+12125550100' }],
      payment: {
        type: 'card',
        card: { number: '[redacted]', expiry: '[redacted]', security_code: '[redacted]', holder_name: 'ADA' },
      },
      nested: [{ password: '[redacted]' }, '************1111'],
      token: null,
    });
    expect(parseRedacted('{"offer_id":"off_1","total":12.5}')).toEqual({
      value: { offer_id: 'off_1', total: 12.5 },
      redacted: false,
    });
  });
});

describe('a body as the log stores it', () => {
  it('keeps JSON compact, notes other types, and cuts at 16 KB on a character boundary with the bytes dropped', () => {
    expect(renderBody({ payload: Buffer.from('{ "a" : 1 }'), contentType: 'application/json; charset=utf-8' })).toEqual({
      text: '{"a":1}',
      note: null,
      droppedBytes: 0,
      redacted: false,
    });
    expect(renderBody({ payload: '<xml/>', contentType: 'application/xml' }).note).toBe('not recorded: application/xml');
    expect(renderBody({ payload: '{oops', contentType: 'application/json' }).note).toBe('not recorded: not valid JSON');
    expect(renderBody({ payload: undefined, contentType: undefined })).toMatchObject({ text: null, note: null });

    const long = JSON.stringify({ s: 'é'.repeat(20_000) });
    const cut = renderBody({ payload: long, contentType: 'application/json' });
    const total = Buffer.byteLength(long);
    expect(cut.droppedBytes).toBeGreaterThan(0);
    const kept = cut.text!.slice(0, -truncationMarker(cut.droppedBytes).length);
    expect(Buffer.byteLength(kept) + cut.droppedBytes).toBe(total);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(BODY_MAX_BYTES);
    expect(kept).not.toContain('\uFFFD');
  });

  it('renders a long Buffer sent again (a cached search) once, and other bytes or another type each their own', () => {
    const answer = (tag: string) =>
      Buffer.from(JSON.stringify({ tag, offers: Array.from({ length: 1_000 }, (_, i) => ({ offer_id: `off_${i}` })) }));
    const hit = answer('first');
    const once = renderBody({ payload: hit, contentType: 'application/json' });
    expect(once.text!.startsWith('{"tag":"first"')).toBe(true);
    expect(once.droppedBytes).toBe(hit.length - BODY_MAX_BYTES);
    // The same bytes again: the stored form already made, not a second parse of the whole answer.
    expect(renderBody({ payload: hit, contentType: 'application/json' })).toBe(once);
    const other = renderBody({ payload: answer('other'), contentType: 'application/json' });
    expect(other.text!.startsWith('{"tag":"other"')).toBe(true);
    expect(renderBody({ payload: hit, contentType: 'text/plain' }).note).toBe('not recorded: text/plain');
  });

  it('renders the bytes of a search cached in Redis once by their name, though each hit brings a new Buffer', () => {
    const answer = (tag: string) =>
      Buffer.from(JSON.stringify({ tag, offers: Array.from({ length: 1_000 }, (_, i) => ({ offer_id: `off_${i}` })) }));
    const once = renderBody({ payload: answer('redis'), contentType: 'application/json', storedName: 'search:srch_one' });
    expect(once.text!.startsWith('{"tag":"redis"')).toBe(true);
    expect(once.sharedDigest).toMatch(/^[0-9a-f]{64}$/);
    // Another Buffer of the same entry, read from Redis for the next hit: the form already made.
    expect(renderBody({ payload: answer('redis'), contentType: 'application/json', storedName: 'search:srch_one' })).toBe(once);
    // Another name (a new entry under the same key gets a new search id) renders its own bytes.
    const next = renderBody({ payload: answer('newer'), contentType: 'application/json', storedName: 'search:srch_two' });
    expect(next.text!.startsWith('{"tag":"newer"')).toBe(true);
    // Another type under the same name is not taken for it.
    expect(renderBody({ payload: answer('redis'), contentType: 'text/plain', storedName: 'search:srch_one' }).note).toBe(
      'not recorded: text/plain',
    );
  });

  it('stops writing a long body past 16 KB and still counts what was dropped', () => {
    const offers = Array.from({ length: 2_000 }, (_, i) => ({ offer_id: `off_${i}`, card: { number: '4111111111111111' } }));
    const long = JSON.stringify({ offers });
    const written = serializeRedacted(JSON.parse(long), BODY_MAX_BYTES);
    expect(written.complete).toBe(false);
    expect(written.text.length).toBeLessThan(BODY_MAX_BYTES + 200);
    const cut = renderBody({ payload: long, contentType: 'application/json' });
    expect(cut.redacted).toBe(true);
    expect(cut.text).toContain('"number":"************1111"');
    expect(cut.text).not.toContain('4111111111111111');
    // Masking keeps lengths: the count is exact here.
    const kept = cut.text!.slice(0, -truncationMarker(cut.droppedBytes).length);
    expect(Buffer.byteLength(kept)).toBe(BODY_MAX_BYTES);
    expect(cut.droppedBytes).toBe(Buffer.byteLength(long) - BODY_MAX_BYTES);
  });
});
