import { NDC_BUDGETS_MS, sameServiceBy, type NdcAirlineProfile } from '../ndc/ndc-airline-profile.js';
import { vsBrand } from './vs-brands.js';

/**
 * Virgin Atlantic's dialect of NDC 21.3 (its published 21.3.3 samples, ../shared/ndc/samples-21.3).
 * Where it differs from AA on the wire:
 * - brands: PriceClass has Name only (no Code; CabinType sometimes): vs-brands.ts maps the names;
 * - prices: an offer item's Price is per passenger (the core's mapper tells from the totals);
 * - a-la-carte item ids are `<offer id>|<n>` (AA: `<offer id>-<service>`): sameService below;
 * - cancellation quotes carry no offer TotalPrice: the refund is each deleted item's "Refund"
 *   differential, and a non-refundable fare (OC_NonRFC_*) names its penalty in the PenaltyList
 *   (the core's readCancelQuote reads both shapes);
 * - reshop differentials are per passenger (DiffPrice/FareDetail/Price) and added up by the core;
 * - order views list the bags included in a fare as services bundled with the flight
 *   (ServiceRefID), which the core does not count as extras;
 * - change notifications carry the record locator on the order's services, not on the order;
 * - orders are `VS932…` and tickets start with 932, VS's airline accounting code; holds are offers
 *   with a PaymentTimeLimit, as for AA.
 */
export const VS_PROFILE: NdcAirlineProfile = {
  code: 'VS',
  clockZone: 'Europe/London',
  name: 'Virgin Atlantic',
  liveSettings: 'VS_LIVE_URL and VS_LIVE_SUBSCRIPTION_KEY',
  // The subscription key travels in the same header as AA's; the VS test system checks it there.
  subscriptionKeyHeader: 'ocp-apim-subscription-key',
  // VS publishes no budgets: the core's. Its long-haul-only schedule answers no slower than AA's.
  budgetsMs: NDC_BUDGETS_MS,
  // VS's flagship route, flown non-stop several times a day.
  probeRoute: { origin: 'LHR', destination: 'JFK' },
  // No error answer is among VS's samples: these are the IATA 21.3 error texts its test system uses.
  errorTexts: {
    noFlights: /no (?:flights|fares|availability|itinerar(?:y|ies))|not (?:served|operated)|does not (?:fly|operate|serve)/i,
    gone: /offer (?:not found|has expired|expired|no longer|is no longer)|(?:invalid|expired|unknown) offer/i,
    nothingPublished: /no seat map|seat map (?:is )?not available/i,
    cascade: /priced segment reference (?:is )?missing/i,
    orderNotFound: /\b(?:order|booking) (?:was )?not found\b|\bno (?:order|booking) found\b/i,
  },
  brandOf: vsBrand,
  // 3-D Secure 2 results in the card (orderchangeRQ_paid_seats_3DS2.xml), as the core writes them.
  securePayment: 'SecurePaymentVersion2',
  // help.virginatlantic.com "Flying with children" and "Children flying alone": infants under 2 on a
  // lap, one per passenger of 16 or over; children 2–11 (CHD); young persons 12–15 (GBE), whom VS
  // prices at the adult fare, so the API types them `adult`; the youngest allowed to travel alone is
  // 14 (no unaccompanied minors since 25 November 2022), under-14s travel with someone of 16 or over.
  passengerRules: {
    infantUnder: 2,
    childUnder: 12,
    accompanyingAge: 16,
    travelAloneAge: 14,
    source: 'help.virginatlantic.com "Flying with children" and "Children flying alone"',
  },
  // ocn_time_change_rq.xml is ChangeTypeCode 2, ocn_flight_cancel_rq.xml 3: the IATA codes, as AA's.
  changeKinds: { '2': 'schedule_change', '3': 'flight_cancelled' },
  // VS's a-la-carte item ids are `<a-la-carte offer id>|<n>` (ServiceList_RS_OfferID.xml), n fixed per service.
  sameService: sameServiceBy((id) => (id.includes('|') ? id.slice(id.lastIndexOf('|')) : null)),
};
