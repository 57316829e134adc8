import type { ChangeCondition, FareConditions, Offer, RefundCondition } from '../connectors/connector-types.js';
import { toDecimal } from '../platform/money.js';
import type { ConditionsJson } from './offer-schema.js';

/** The conditions an offer or order shows (ConditionsSchema): what the connector read, as decimals. */
export type ConditionsSource = Pick<Offer, 'changes' | 'refunds' | 'conditionsBySlice' | 'conditionsByPassengerType'>;

const fee = (c: ChangeCondition | RefundCondition) => ({
  allowed: c.allowed,
  fee_amount: c.fee ? toDecimal(c.fee) : null,
  fee_currency: c.fee?.currency ?? null,
});

const changeJson = (c: ChangeCondition | null) => c && { ...fee(c), fare_difference_applies: c.fareDifferenceApplies };

const refundJson = (c: RefundCondition | null) => c && { ...fee(c), method: c.method };

const pairJson = (c: FareConditions) => ({ change: changeJson(c.changes), refund: refundJson(c.refunds) });

export function conditionsJson(source: ConditionsSource): ConditionsJson {
  return {
    ...pairJson(source),
    by_slice: source.conditionsBySlice.map((s) => ({ origin: s.origin, destination: s.destination, ...pairJson(s) })),
    by_passenger_type: source.conditionsByPassengerType.map((p) => ({ type: p.passengerType, ...pairJson(p) })),
  };
}
