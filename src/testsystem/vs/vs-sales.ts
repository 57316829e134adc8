// When VS sells, holds and refunds. Holds (vs-dialect.ts VS_HOLD, the samples): an unpaid order is
// kept until 23:59 UTC on the third day after shopping, when departure is later than that; nearer
// departures are paid at once. Free cancellation within 24 hours of purchase for bookings made 7 or
// more days before departure (VS's "24-hour risk-free booking"). Schedule on sale 331 days ahead.

import type { AirlineSalesPolicy } from '../ndc/airline-profile.js';
import { addDays } from '../ndc/network/geo-time.js';
import { VS_HOLD } from './vs-dialect.js';
import { vsCancelTerms } from './fares/vs-fare-model.js';

const DAY_MS = 86_400_000;

export const VS_SALES: AirlineSalesPolicy = {
  sellingWindowDays: 331,
  holdDeadline(now, first) {
    const day = addDays(new Date(now).toISOString().slice(0, 10), VS_HOLD.daysAfterShopping);
    const deadline = Date.parse(`${day}T${VS_HOLD.timeOfDayUtc}Z`);
    return deadline < first.depUtc - DAY_MS ? deadline : null;
  },
  insideFullRefundWindow: (ticketedAt, departureUtc, now) =>
    now - ticketedAt <= DAY_MS && departureUtc - ticketedAt >= 7 * DAY_MS,
  cancelTerms: vsCancelTerms,
  // Paid seats and extra bags are EMDs of their own (orderviewRS_paid_seats_and_FF_number.xml), which
  // VS's cancellations leave out of the fare's refund (OC_*_OrderReshopCancelRS.xml refund the flight
  // items only); VS sells extra bags "non-refundable and non-transferable" (help.virginatlantic.com,
  // "Extra bags") and refunds a paid seat only when it cannot give it: an unused one is kept.
  unusedServices: 'keep',
  disruptionRebookingDays: 7,
};
