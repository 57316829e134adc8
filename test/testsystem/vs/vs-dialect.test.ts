// Every constant of the VS dialect is what VS's published samples say, read from the files by path.
import { describe, expect, it } from 'vitest';
import {
  VS_BAGGAGE_TEXTS,
  VS_BOOKING_REF,
  VS_CANCEL,
  VS_CARRIER_NAME,
  VS_HOLD,
  VS_NOTIFICATION_CODES,
  VS_OFFER_ID,
  VS_OFFER_ITEM_ID,
  VS_ORDER_ID,
  VS_ORDER_ITEM_ID,
  VS_OWNER_CODE,
  VS_PAYMENT,
  VS_PTCS,
  VS_RESHOP_OFFER_ID,
  VS_SEAT_SERVICES,
  VS_SERVICE_LIST_CHILD_PTC,
  VS_SSR_SERVICES,
  VS_SEAT_OFFER_ITEM_ID,
  VS_TICKET_NUMBER,
  vsOrderId,
} from '../../../src/testsystem/vs/vs-dialect.js';
import { needsUpstream } from '../../helpers/upstream.js';
import { allSamples, blocks, firstText, readSample, texts } from './vs-sample-reader.js';

const everywhere = (tag: string): { file: string; value: string }[] =>
  allSamples().flatMap((file) => texts(readSample(file), tag).map((value) => ({ file, value })));

describe('VS dialect against the samples', () => {
  it('owner code, carrier name, ticket numbers, booking references', () => {
    needsUpstream('ndc-samples');
    expect(new Set(everywhere('OwnerCode').map((x) => x.value))).toEqual(new Set([VS_OWNER_CODE]));
    const vsNames = allSamples().flatMap((f) =>
      blocks(readSample(f), 'DatedMarketingSegment')
        .filter((s) => firstText(s, 'CarrierDesigCode') === 'VS')
        .map((s) => firstText(s, 'CarrierName')),
    );
    expect(new Set(vsNames.filter(Boolean))).toEqual(new Set([VS_CARRIER_NAME]));
    const tickets = everywhere('TicketNumber');
    expect(tickets.length).toBeGreaterThan(10);
    for (const t of tickets) expect(t.value, t.file).toMatch(VS_TICKET_NUMBER);
    for (const b of everywhere('BookingID')) expect(b.value, b.file).toMatch(VS_BOOKING_REF);
  });

  it('order ids are VS932, the booking reference and a two-digit year; items add -n (and A once reissued)', () => {
    needsUpstream('ndc-samples');
    const orders = everywhere('OrderID');
    expect(orders.length).toBeGreaterThan(10);
    for (const { file, value } of orders) {
      expect(value, file).toMatch(VS_ORDER_ID);
      const pnr = value.slice(5, 11);
      expect(vsOrderId(pnr, 2000 + Number(value.slice(11)))).toBe(value);
    }
    for (const i of everywhere('OrderItemID')) expect(i.value, i.file).toMatch(VS_ORDER_ITEM_ID);
  });

  it('offer ids: UUID|token in the current samples, bare UUIDs for reshop offers', () => {
    needsUpstream('ndc-samples');
    const shop = readSample('airshopping/AirShoppingRS_Instant_Purchase_Service_Added_Order.xml');
    for (const id of texts(shop, 'OfferID')) expect(id).toMatch(VS_OFFER_ID);
    for (const id of texts(shop, 'OfferItemID')) expect(id).toMatch(VS_OFFER_ITEM_ID);
    for (const file of ['orderreshop/OC_RFC_OrderReshopCancelRS.xml', 'orderreshop/OC_NonRFC_OrderReshopCancelRS.xml']) {
      const reshop = blocks(readSample(file), 'ReshopOffers')[0] ?? '';
      expect(firstText(reshop, 'OfferID'), file).toMatch(VS_RESHOP_OFFER_ID);
    }
  });

  it('passenger types, payment by card with type code CC', () => {
    needsUpstream('ndc-samples');
    for (const { file, value } of everywhere('PTC')) {
      const allowed: string[] = file.startsWith('servicelist/') ? [...VS_PTCS, VS_SERVICE_LIST_CHILD_PTC] : [...VS_PTCS];
      expect(allowed, `${file}: ${value}`).toContain(value);
    }
    expect(new Set(everywhere('PaymentTypeCode').map((x) => x.value))).toEqual(new Set([VS_PAYMENT.typeCode]));
    for (const c of everywhere('CardTypeText')) expect(VS_PAYMENT.cardTypes as readonly string[]).toContain(c.value);
  });

  it('hold: the payment time limit is 23:59 UTC three days after the offer is shopped', () => {
    needsUpstream('ndc-samples');
    for (const file of [
      'airshopping/AirShoppingRS_Instant_Purchase_Service_Added_Order.xml',
      'airshopping/shop_calendar_search_RS.xml',
    ]) {
      const offer = blocks(readSample(file), 'Offer')[0] ?? '';
      const expiry = new Date(firstText(offer, 'OfferExpirationTimeLimitDateTime') ?? '');
      const limit = (firstText(offer, 'PaymentTimeLimitDateTime') ?? '').replace(/Z$/, '');
      const day = new Date(expiry.getTime() + VS_HOLD.daysAfterShopping * 86_400_000).toISOString().slice(0, 10);
      expect(limit, file).toBe(`${day}T${VS_HOLD.timeOfDayUtc}`);
    }
  });

  it('services: SSR codes and names, seat RFISCs, the standard seat price, bag texts', () => {
    needsUpstream('ndc-samples');
    const list = readSample('servicelist/ServiceListRS_Instant_Purchase_Service_Added_Order.xml');
    const defs = blocks(list, 'ServiceDefinition').filter((d) => firstText(d, 'ServiceCode'));
    expect(defs.length).toBe(Object.keys(VS_SSR_SERVICES).length);
    for (const d of defs) {
      const code = firstText(d, 'ServiceCode') ?? '';
      // VS's names carry a no-break space and a trailing blank here and there.
      const name = (firstText(d, 'Name') ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
      expect(VS_SSR_SERVICES[code], code).toBe(name);
    }
    const seats = allSamples()
      .filter((f) => f.startsWith('seatavailability/'))
      .map(readSample)
      .join('');
    for (const s of VS_SEAT_SERVICES) {
      const def = blocks(seats, 'ServiceDefinition').find((d) => firstText(d, 'Name') === s.name);
      expect(def && [firstText(def, 'Name'), firstText(def, 'RFIC'), firstText(def, 'RFISC')], s.name).toEqual([
        s.name,
        s.rfic,
        s.rfisc,
      ]);
    }
    const map = readSample('seatavailability/seatavailabilityRS_single_seat_map.xml');
    const idOf = new Map(
      blocks(map, 'ServiceDefinition').map((d) => [firstText(d, 'Name'), firstText(d, 'ServiceDefinitionID')]),
    );
    for (const s of VS_SEAT_SERVICES) {
      const item = blocks(map, 'OfferItem').find((i) => firstText(i, 'ServiceDefinitionRefID') === idOf.get(s.name)) ?? '';
      expect(firstText(item, 'OfferItemID'), s.name).toMatch(VS_SEAT_OFFER_ITEM_ID);
      expect(firstText(item, 'TotalAmount'), s.name).toBe((s.priceGbp / 100).toFixed(2));
    }
    const paid = readSample('ordercreate/orderviewRS_paid_seats_and_FF_number.xml');
    expect(paid).toContain(`<ValueAmount CurCode="GBP">${((VS_SEAT_SERVICES[0]?.priceGbp ?? 0) / 100).toFixed(2)}</ValueAmount>`);
    const descs = new Set(everywhere('DescText').map((d) => d.value));
    for (const text of Object.values(VS_BAGGAGE_TEXTS)) expect(descs.has(text), text).toBe(true);
  });

  it('order change notifications: change type and reason codes of a time change and a cancellation', () => {
    needsUpstream('ndc-samples');
    const codes = (file: string) => {
      const op = blocks(readSample(file), 'ChangeOperation')[0] ?? '';
      const tail = op.slice(op.lastIndexOf('</Old>'));
      return { changeTypeCode: firstText(op, 'ChangeTypeCode'), reasonCode: firstText(tail, 'ReasonCode') };
    };
    expect(codes('orderchangenotif/ocn_time_change_rq.xml')).toEqual(VS_NOTIFICATION_CODES.timeChange);
    expect(codes('orderchangenotif/ocn_flight_cancel_rq.xml')).toEqual(VS_NOTIFICATION_CODES.flightCancelled);
  });

  it('cancellation: a penalty only on the non-refundable quote, a refund differential on both, order CLOSED after', () => {
    needsUpstream('ndc-samples');
    const nonRfc = readSample('orderreshop/OC_NonRFC_OrderReshopCancelRS.xml');
    const rfc = readSample('orderreshop/OC_RFC_OrderReshopCancelRS.xml');
    const penalty = blocks(nonRfc, 'Penalty')[0] ?? '';
    expect([firstText(penalty, 'DescText'), firstText(penalty, 'PenaltyID'), firstText(penalty, 'TypeCode')]).toEqual([
      VS_CANCEL.penaltyText,
      VS_CANCEL.penaltyId,
      VS_CANCEL.penaltyTypeCode,
    ]);
    expect(firstText(penalty, 'TotalAmount')).toBe('250.00');
    expect(blocks(rfc, 'Penalty')).toEqual([]);
    for (const xml of [nonRfc, rfc]) expect(firstText(xml, 'DifferentialTypeCode')).toBe(VS_CANCEL.differentialTypeCode);
    for (const file of ['orderchange/OC_RFC_OrderChangeCancelRS.xml', 'orderchange/OC_NonRFC_OrderChangeCancelRS.xml']) {
      const statuses = new Set(texts(readSample(file), 'StatusCode'));
      expect(statuses, file).toEqual(new Set([VS_CANCEL.orderStatusAfter, VS_CANCEL.itemStatusAfter]));
    }
  });

  it('no sample carries an NDC Error (so VS_ERROR_CODES follow the IATA code list, documented as such)', () => {
    needsUpstream('ndc-samples');
    for (const file of allSamples()) expect(blocks(readSample(file), 'Error'), file).toEqual([]);
  });
});
