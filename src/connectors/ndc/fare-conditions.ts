import type { ChangeCondition, FareCondition, FareConditions, Money, RefundCondition, RefundMethod } from '../connector-types.js';
import { amount, list, node, text, texts, type Parsed } from './ndc-xml.js';

// Change and cancellation conditions from NDC 21.3 fare data: `ChangeRestrictions` and
// `CancelRestrictions` (on a FareComponent, per slice, as VS sends them; or on the OfferItem, as AA
// does), and the `PenaltyList` an offer or fare detail refers to (`TypeCode` Change / Cancellation,
// its price and `DescText`). Airlines say what a cancellation gives back in words, so the words are
// read too: "trip credit", "taxes refundable", "fare difference applies".

const FARE_DIFFERENCE = /fare difference|difference in (?:the )?(?:ticket )?(?:price|fare)/i;
const NO_FARE_DIFFERENCE = /no fare difference|fare difference (?:is )?(?:waived|does not apply|not applicable)/i;
const CREDIT = /credit|voucher|residual value|future travel/i;
const TAXES_ONLY = /tax(?:es)? (?:only )?(?:are )?refundable|refund of (?:the )?taxes|taxes (?:are )?refunded/i;
const NON_REFUNDABLE = /non-?refundable|not refundable|cancellations? not permitted/i;

/** The first amount anywhere below a node: fee shapes differ between airlines and versions. */
export function firstAmount(value: unknown): Money | null {
  if (value === null || typeof value !== 'object') return null;
  for (const entry of Array.isArray(value) ? value : [value]) {
    if (entry && typeof entry === 'object' && '@_CurCode' in (entry as Parsed)) return amount(entry);
    for (const [k, v] of Object.entries(entry as Parsed)) {
      if (k.startsWith('@_') || k === '#text') continue;
      const found = firstAmount(v);
      if (found) return found;
    }
  }
  return null;
}

/** The restriction that applies before departure: the one staged so, else one without a stage, else the first. */
function beforeDeparture(restrictions: Parsed[]): Parsed | undefined {
  return (
    restrictions.find((r) => /prior|before/i.test(text(r.JourneyStageCode) ?? '')) ??
    restrictions.find((r) => text(r.JourneyStageCode) === null) ??
    restrictions[0]
  );
}

function indicator(value: unknown): boolean | null {
  const t = text(value);
  return t === null ? null : t === 'true' || t === '1';
}

const wordsOf = (restriction: Parsed | undefined, penalties: Parsed[]): string =>
  [restriction ? texts(restriction.DescText) : [], restriction ? texts(node(restriction.Refund).DescText) : []]
    .flat()
    .concat(penalties.flatMap((p) => texts(p.DescText)))
    .join(' | ');

/** A penalty's price: the fee the airline files for the change or cancellation. */
const penaltyFee = (penalties: Parsed[]): Money | null =>
  penalties.map((p) => firstAmount(p.Price)).find((m) => m !== null) ?? null;

/** The change condition of a fare from its change restrictions and change penalties; null when neither says anything. */
export function readChange(restrictions: Parsed[], penalties: Parsed[]): ChangeCondition | null {
  const before = beforeDeparture(restrictions);
  if (!before && penalties.length === 0) return null;
  const allowed = (before && indicator(before.AllowedModificationInd)) ?? true;
  const words = wordsOf(before, penalties);
  return {
    allowed,
    fee: allowed ? (firstAmount(before?.Fee) ?? penaltyFee(penalties)) : null,
    fareDifferenceApplies: !allowed ? null : NO_FARE_DIFFERENCE.test(words) ? false : FARE_DIFFERENCE.test(words) ? true : null,
  };
}

/** The refund condition of a fare from its cancel restrictions and cancellation penalties; null when neither says anything. */
export function readRefund(restrictions: Parsed[], penalties: Parsed[]): RefundCondition | null {
  const before = beforeDeparture(restrictions);
  if (!before && penalties.length === 0) return null;
  const words = wordsOf(before, penalties);
  const level = text(node(before?.Refund).LevelTypeCode);
  const stated = before ? indicator(before.AllowedModificationInd) : null;
  const allowed = level === 'None' ? false : (stated ?? !NON_REFUNDABLE.test(words));
  const method: RefundMethod = allowed
    ? 'original_form_of_payment'
    : CREDIT.test(words)
      ? 'credit'
      : TAXES_ONLY.test(words)
        ? 'taxes_only'
        : 'none';
  return { allowed, fee: allowed ? (firstAmount(before?.Fee) ?? penaltyFee(penalties)) : null, method };
}

// What a cancellation gives back, least first: the strictest of two fares is the one earlier here.
const METHOD_ORDER: readonly RefundMethod[] = ['none', 'taxes_only', 'credit', 'original_form_of_payment'];

const strictestMethod = (methods: RefundMethod[]): RefundMethod =>
  METHOD_ORDER[Math.min(...methods.map((m) => METHOD_ORDER.indexOf(m)))]!;

function fareDifference(conditions: ChangeCondition[]): boolean | null {
  const said = conditions.map((c) => c.fareDifferenceApplies);
  if (said.includes(true)) return true;
  return said.length > 0 && said.every((s) => s === false) ? false : null;
}

/** The highest of like fees: what one change or cancellation of several fare components costs (strictestOf). */
const highestFee = (fees: Money[]): Money => fees.reduce((a, b) => (b.amountMinor > a.amountMinor ? b : a));

function folded<C extends FareCondition>(conditions: (C | null)[]): { all: C[]; allowed: boolean; fee: Money | null } | null {
  if (conditions.length === 0 || conditions.some((c) => c === null)) return null;
  const all = conditions as C[];
  const allowed = all.every((c) => c.allowed);
  const fees = all.map((c) => c.fee);
  const known = fees.every((f): f is Money => f !== null && f.currency === fees[0]!.currency);
  return { all, allowed, fee: allowed && known ? highestFee(fees as Money[]) : null };
}

/**
 * The strictest of several conditions of one trip: its slices' (one fare each) or its passenger
 * types'. Allowed only if every part allows it; the least given back on a cancellation; the fee is
 * the highest part's, once per passenger for the whole change or cancellation, as the airlines file
 * it (ATPCO categories 16 and 31, "the highest penalty of all fare components changed or
 * cancelled"; VS's OC_NonRFC_* samples: one "Adult Cancellation Penalty" per passenger; AA files no
 * fee on any brand), not one per fare component. Unknown (null) when any part's is unknown.
 */
export function strictestOf(parts: (FareConditions | null)[]): FareConditions {
  const change = folded(parts.map((p) => p?.changes ?? null));
  const refund = folded(parts.map((p) => p?.refunds ?? null));
  return {
    changes: change && {
      allowed: change.allowed,
      fee: change.fee,
      fareDifferenceApplies: change.allowed ? fareDifference(change.all) : null,
    },
    refunds: refund && { allowed: refund.allowed, fee: refund.fee, method: strictestMethod(refund.all.map((r) => r.method)) },
  };
}

/**
 * One offer item's conditions (one passenger type), per slice and for the whole trip. Restrictions
 * on the fare components of a slice are that slice's; restrictions on the item (or penalties alone)
 * apply to the whole item, and to each slice that has none of its own.
 */
export function itemConditions(
  sliceComponents: Parsed[][],
  item: Parsed,
  penalties: Parsed[],
): { slices: FareConditions[]; whole: FareConditions } {
  const changePenalties = penalties.filter((p) => /change/i.test(text(p.TypeCode) ?? ''));
  const cancelPenalties = penalties.filter((p) => /cancel|refund/i.test(text(p.TypeCode) ?? ''));
  const fromItem: FareConditions = {
    changes: readChange(list(item.ChangeRestrictions), changePenalties),
    refunds: readRefund(list(item.CancelRestrictions), cancelPenalties),
  };
  const own = sliceComponents.map((components) => ({
    changes: components.flatMap((c) => list(c.ChangeRestrictions)),
    refunds: components.flatMap((c) => list(c.CancelRestrictions)),
  }));
  const slices = own.map((o) => ({
    changes: o.changes.length > 0 ? readChange(o.changes, changePenalties) : fromItem.changes,
    refunds: o.refunds.length > 0 ? readRefund(o.refunds, cancelPenalties) : fromItem.refunds,
  }));
  const bySlices = strictestOf(slices);
  return {
    slices,
    whole: {
      changes: own.every((o) => o.changes.length > 0) ? bySlices.changes : fromItem.changes,
      refunds: own.every((o) => o.refunds.length > 0) ? bySlices.refunds : fromItem.refunds,
    },
  };
}
