import { NDC_BUDGETS_MS, sameServiceBy, standardBrand, type NdcAirlineProfile } from '../ndc/ndc-airline-profile.js';

/**
 * American Airlines' dialect of NDC 21.3, as its traffic and test system speak it. Its PriceClass
 * carries Name, Code and CabinType (standardBrand reads them); everything else is the core's.
 */
export const AA_PROFILE: NdcAirlineProfile = {
  code: 'AA',
  clockZone: 'America/Chicago',
  name: 'American Airlines',
  liveSettings: 'AA_LIVE_URL and AA_LIVE_SUBSCRIPTION_KEY',
  // AA's API gateway (Azure API Management) reads the key from this header and answers 401 without it.
  subscriptionKeyHeader: 'ocp-apim-subscription-key',
  // AA publishes no budgets of its own: the core's, which its test system's slowest answers fit.
  budgetsMs: NDC_BUDGETS_MS,
  // Two AA hubs: always non-stops.
  probeRoute: { origin: 'DFW', destination: 'LAX' },
  errorTexts: {
    noFlights: /no (?:fares or )?flights|no fares|does not (?:fly|operate|serve)|not served/i,
    gone: /invalid or expired offer|offer (?:not found|has expired|expired|no longer)|unknown offer/i,
    nothingPublished: /no seat map/i,
    cascade: /priced segment reference (?:is )?missing/i,
    orderNotFound: /\bnot found\b/i,
  },
  brandOf: standardBrand,
  // AA's NDC, as connected here, takes no 3-D Secure data with a card.
  securePayment: null,
  // aa.com "Traveling with children": a lap infant is under 2 on the date of travel, one per adult,
  // held by a parent or a passenger of 16 or over; a child who turns 2 during the trip needs a seat
  // (a child fare) for the flights after the birthday; children under 5 never travel alone and
  // 5–14 only under the unaccompanied-minor service, which is not sold through NDC. AA fares CHD
  // from 2 to 11 and ADT from 12 (docs/aa-test-system.md, "Scenarios").
  passengerRules: {
    infantUnder: 2,
    childUnder: 12,
    accompanyingAge: 16,
    travelAloneAge: 15,
    source: 'aa.com "Traveling with children" and "Unaccompanied minors"',
  },
  // ChangeTypeCode of a 21.3 ChangeOperation, as the IATA samples use them.
  changeKinds: { '2': 'schedule_change', '3': 'flight_cancelled' },
  // AA's a-la-carte item ids are `<a-la-carte offer id>-<service>[-<segment>]`.
  sameService: sameServiceBy((id) => (id.includes('-') ? id.slice(id.indexOf('-')) : null)),
};
