import { standardBrand, type NdcAirlineProfile } from '../ndc/ndc-airline-profile.js';

/**
 * American Airlines' dialect of NDC 21.3, as its traffic and test system speak it. Its PriceClass
 * carries Name, Code and CabinType (standardBrand reads them); everything else is the core's.
 */
export const AA_PROFILE: NdcAirlineProfile = {
  code: 'AA',
  name: 'American Airlines',
  liveSettings: 'AA_LIVE_URL and AA_LIVE_SUBSCRIPTION_KEY',
  // AA's API gateway (Azure API Management) reads the key from this header and answers 401 without it.
  subscriptionKeyHeader: 'ocp-apim-subscription-key',
  /**
   * Time budget per NDC message. AirShopping searches AA's whole schedule and is the slowest
   * shopping message it answers (seconds on busy routes); it must still end inside the aggregator's
   * budget (SEARCH_TIMEOUT_MS, 12 s by default) so a slow airline shows as `timed_out`, not as a
   * hung search. OfferPrice re-quotes live inventory and may take as long; seat maps and service
   * lists are cached lookups at the airline and should be quick. OrderCreate and OrderChange book,
   * ticket and take payment and are the slowest calls it answers: giving up early would leave an
   * unknown outcome, so they get the longest budget; retrieve, quote and reshop are reads. The probe
   * is a monitoring call: anything slower than 5 s is already "degraded" for a seller.
   */
  budgetsMs: {
    AirShopping: 10_000,
    OfferPrice: 10_000,
    SeatAvailability: 6_000,
    ServiceList: 6_000,
    OrderCreate: 30_000,
    OrderChange: 30_000,
    OrderRetrieve: 10_000,
    OrderQuote: 10_000,
    OrderReshop: 15_000,
    probe: 5_000,
  },
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
  // ChangeTypeCode of a 21.3 ChangeOperation, as the IATA samples use them.
  changeKinds: { '2': 'schedule_change', '3': 'flight_cancelled' },
  /**
   * AA's a-la-carte item ids are `<a-la-carte offer id>-<service>[-<segment>]`, and every
   * ServiceList answer makes a new offer id: the same service is the same part after the offer id.
   */
  sameService(itemId, wanted) {
    if (itemId === wanted) return true;
    const tail = (id: string) => (id.includes('-') ? id.slice(id.indexOf('-')) : null);
    return tail(itemId) !== null && tail(itemId) === tail(wanted);
  },
};
