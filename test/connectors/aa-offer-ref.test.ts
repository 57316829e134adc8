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
