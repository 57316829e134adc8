// AA's scenario routes (docs/aa-test-system.md, Scenarios): obscure-but-real city pairs of AA's
// network, so ordinary searches between hubs and big markets always behave normally.

import type { AirlineScenarios } from '../ndc/airline-profile.js';

export const AA_SCENARIOS: AirlineScenarios = {
  routeFaults: {
    'DFW-ABI': 'slow',
    'DFW-SJT': 'timeout',
    'DFW-TXK': 'http5xx',
    'DFW-LAW': 'malformed',
  },
  expiredOfferRoute: 'MIA-TPA',
  priceChangeRoute: 'ORD-BOS',
  priceChangePct: 8,
  soldOutRoute: 'PHX-BOS',
  ghostFlightRoute: 'DFW-SAT',
};
