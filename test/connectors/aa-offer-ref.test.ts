import { describe, expect, it } from 'vitest';
import { decodeNdcOfferId, encodeNdcOfferId, type NdcOfferRef } from '../../src/connectors/ndc/offer-ref.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';

const offerIds = createOfferIdAuthenticator(Keyring.parse(Keyring.generateText()));

type Ref = Pick<NdcOfferRef, 'parts' | 'passengers' | 'partnerConnection'>;

/** The content as the id format defines it: base64url of JSON.stringify of the compact form. */
function expectedContent(ref: Ref): string {
  const short = (offerId: string, id: string) => (id.startsWith(offerId) ? `~${id.slice(offerId.length)}` : id);
  const pax = (p: string) => (/^PAX([1-9]\d?)$/.test(p) ? Number(p.slice(3)) : p);
  const compact = {
    o: ref.parts.map((p) => [p.offerId, p.owner, p.items.map((i) => [short(p.offerId, i.id), i.pax.map(pax)])]),
    p: [ref.passengers.adults, ref.passengers.children, ref.passengers.infants],
    ...(ref.partnerConnection ? { x: 1 } : {}),
  };
  return `AA|2.${Buffer.from(JSON.stringify(compact)).toString('base64url')}`;
}

// Airline text may hold anything JSON must escape, and passenger ids that are not ours stay text.
const REFS: Ref[] = [
  {
    parts: [{ offerId: 'OF1', owner: 'AA', items: [{ id: 'OF1-1', pax: ['PAX1'] }] }],
    passengers: { adults: 1, children: 0, infants: 0 },
    partnerConnection: false,
  },
  {
    parts: [
      {
        offerId: 'O"F\\2',
        owner: 'AA',
        items: [
          { id: 'O"F\\2-1', pax: ['PAX1', 'PAX3', 'T1'] },
          { id: 'other', pax: [] },
        ],
      },
      { offerId: 'ÖF3\n', owner: 'B"6', items: [{ id: 'x\u0001y', pax: ['PAX0', 'PAX2'] }] },
    ],
    passengers: { adults: 2, children: 1, infants: 0 },
    partnerConnection: true,
  },
];

describe('AA offer id content', () => {
  it('is exactly base64url(JSON.stringify(compact form)), escapes included, and reads back to the same reference', () => {
    for (const ref of REFS) {
      const content = encodeNdcOfferId('AA', ref);
      expect(content).toBe(expectedContent(ref));
      expect(decodeNdcOfferId('AA', offerIds.sign(content), offerIds)).toEqual({ ...ref.parts[0], ...ref });
    }
  });

  it('a long id (six parts) is written whole, not cut at any buffer size', () => {
    const part = (n: number) => ({
      offerId: `OFFER-${n}-${'x'.repeat(40)}`,
      owner: 'AA',
      items: [{ id: `OFFER-${n}-${'x'.repeat(40)}-1`, pax: ['PAX1', 'PAX2', 'PAX3'] }],
    });
    const ref: Ref = {
      parts: [1, 2, 3, 4, 5, 6].map(part),
      passengers: { adults: 3, children: 0, infants: 0 },
      partnerConnection: false,
    };
    expect(encodeNdcOfferId('AA', ref)).toBe(expectedContent(ref));
    expect(decodeNdcOfferId('AA', offerIds.sign(encodeNdcOfferId('AA', ref)), offerIds)?.parts).toEqual(ref.parts);
  });
});

describe("the shown total and the flights' dates an id carries", () => {
  const base: Ref = REFS[0]!;
  const b64 = (json: unknown) => `AA|2.${Buffer.from(JSON.stringify(json)).toString('base64url')}`;

  it('reads back the total the offer was handed out at and its departure dates', () => {
    const ref = { ...base, shown: { amountMinor: 21635, currency: 'USD' }, departureDates: ['2026-12-15', '2026-12-22'] };
    const decoded = decodeNdcOfferId('AA', offerIds.sign(encodeNdcOfferId('AA', ref)), offerIds);
    expect(decoded?.shown).toEqual({ amountMinor: 21635, currency: 'USD' });
    expect(decoded?.departureDates).toEqual(['2026-12-15', '2026-12-22']);
  });

  it('refuses an id whose total or dates are out of bounds, even signed', () => {
    const o = [['OF1', 'AA', [['~-1', [1]]]]];
    for (const bad of [
      { o, p: [1, 0, 0], t: [-1, 'USD'] },
      { o, p: [1, 0, 0], t: [1.5, 'USD'] },
      { o, p: [1, 0, 0], t: [100, 'usd'] },
      { o, p: [1, 0, 0], d: [] },
      { o, p: [1, 0, 0], d: [1e9] },
      { o, p: [1, 0, 0], d: Array.from({ length: 25 }, () => 20437) },
    ]) {
      expect(decodeNdcOfferId('AA', offerIds.sign(b64(bad)), offerIds)).toBeNull();
    }
  });
});
