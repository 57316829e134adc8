import { describe, expect, it } from 'vitest';
import { decodeDuffelOfferId, encodeDuffelOfferId } from '../../src/connectors/duffel/duffel-offer-id.js';
import { decodeNdcOfferId, encodeNdcOfferId } from '../../src/connectors/ndc/offer-ref.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';

/** Offer ids carry the offer's expiry, signed, so any instance can say an offer expired and when. */
const offerIds = createOfferIdAuthenticator(Keyring.parse(Keyring.generateText()));
const passengers = { adults: 1, children: 0, infants: 0 };
const NDC_REF = {
  parts: [{ offerId: 'OF1', owner: 'AA', items: [{ id: 'OF1-1', pax: ['PAX1'] }] }],
  passengers,
  partnerConnection: false,
};
const sign = (id: string) => offerIds.sign(id);

describe('the expiry in an offer id', () => {
  it('is read back from an NDC id to the second, and absent when the airline gave none', () => {
    const id = sign(encodeNdcOfferId('AA', { ...NDC_REF, expiresAt: '2026-11-29T10:30:00.750Z' }));
    expect(decodeNdcOfferId('AA', id, offerIds)?.expiresAt).toBe('2026-11-29T10:30:00.000Z');
    expect(decodeNdcOfferId('AA', sign(encodeNdcOfferId('AA', { ...NDC_REF, expiresAt: null })), offerIds)).not.toHaveProperty(
      'expiresAt',
    );
  });

  it('is read back from a Duffel id, and absent when Duffel gave none', () => {
    const id = encodeDuffelOfferId(offerIds, 'off_0000AEdGRhtp5AUUdJqMxo', passengers, { expiresAt: '2026-11-29T10:30:00Z' });
    expect(decodeDuffelOfferId(offerIds, id)).toEqual({
      duffelId: 'off_0000AEdGRhtp5AUUdJqMxo',
      passengers,
      expiresAt: '2026-11-29T10:30:00.000Z',
    });
    expect(decodeDuffelOfferId(offerIds, encodeDuffelOfferId(offerIds, 'off_1', passengers, { expiresAt: null }))).toEqual({
      duffelId: 'off_1',
      passengers,
    });
    // The owner airline rides along when known, and ids handed out without it still read.
    expect(
      decodeDuffelOfferId(
        offerIds,
        encodeDuffelOfferId(offerIds, 'off_1', passengers, { expiresAt: '2026-11-29T10:30:00Z', owner: 'BA' }),
      ),
    ).toEqual({
      duffelId: 'off_1',
      passengers,
      expiresAt: '2026-11-29T10:30:00.000Z',
      owner: 'BA',
    });
  });

  it('is refused out of bounds: an id whose expiry is not a time of this century is no id of ours', () => {
    const content = (e: number) =>
      `AA|2.${Buffer.from(JSON.stringify({ o: [['OF1', 'AA', [['~-1', [1]]]]], p: [1, 0, 0], e })).toString('base64url')}`;
    expect(decodeNdcOfferId('AA', sign(content(1_800_000_000)), offerIds)?.expiresAt).toBe('2027-01-15T08:00:00.000Z');
    expect(decodeNdcOfferId('AA', sign(content(-1)), offerIds)).toBeNull();
    expect(decodeNdcOfferId('AA', sign(content(1e12)), offerIds)).toBeNull();
  });
});
