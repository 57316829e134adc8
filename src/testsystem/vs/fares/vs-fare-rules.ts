// VS's change and cancellation rules as its AirShoppingRS and OfferPriceRS state them: on every fare
// component, `ChangeRestrictions` and `CancelRestrictions` for "Prior To Departure" and "After
// Departure" with the fee per passenger and the component's city pair as `DescText`
// (shop_by_specific_date_return_journey_RS.xml, shop_for_flexible_fares_RS.xml); a fare that is not
// refunded says "ANY TIME CANCELLATIONS NOT PERMITTED - <O>-<D>" once, with no stage and no fee.

import type { AirlineFares } from '../../ndc/airline-profile.js';
import { formatAmount } from '../../ndc/fares/fare-pricing.js';
import { el, type XmlNode } from '../../ndc/wire/xml-builder.js';
import { VS_FARE_RULE_TEXTS } from '../vs-dialect.js';
import { cancelNotPermittedText } from './brands.js';
import { vsBrand, vsChangeFee } from './vs-fare-model.js';
import { inCurrency } from './vs-money.js';

/**
 * What a cancellation keeps of a fare VS refunds: nothing of a flexible fare (OC_RFC_*), the
 * per-passenger penalty of the others (OC_NonRFC_*: GBP 250); Economy Light's fare is not refunded.
 */
export const vsCancelFee: NonNullable<AirlineFares['cancelFee']> = (def, currency) => {
  const brand = vsBrand(def);
  if (brand.cancel === 'taxesOnly') return null;
  return brand.cancel === 'refund' ? 0 : inCurrency(brand.cancelPenalty!, currency);
};

const staged = (name: string, cityPair: string, fee: number, currency: string): XmlNode[] =>
  VS_FARE_RULE_TEXTS.journeyStages.map((stage) =>
    el(name, [
      el('AllowedModificationInd', 'true'),
      el('DescText', cityPair),
      el('Fee', [el('Amount', formatAmount(fee, currency), { CurCode: currency })]),
      el('JourneyStageCode', stage),
    ]),
  );

export const vsComponentRestrictions: NonNullable<AirlineFares['componentRestrictions']> = (
  def,
  currency,
  origin,
  destination,
) => {
  const cityPair = `${origin}-${destination}`;
  const cancelFee = vsCancelFee(def, currency);
  return [
    ...(cancelFee === null
      ? [
          el('CancelRestrictions', [
            el('AllowedModificationInd', 'false'),
            el('DescText', cancelNotPermittedText(origin, destination)),
          ]),
        ]
      : staged('CancelRestrictions', cityPair, cancelFee, currency)),
    ...staged('ChangeRestrictions', cityPair, vsChangeFee(def, currency) ?? 0, currency),
  ];
};
