// Who a seat map is drawn for (fares/seat-map-builder.ts, AirlineSeatRules.tierOf): a leaf type, so
// the airline profile can name it without importing the builder, which reads the profile.

export interface SeatMapParty {
  /** The brand flown: what its seat rules give free (profile.seats.tierOf reads it). */
  priceClassId: string;
  /** A brand without free seat selection (AA's Basic Economy) pays for every seat it chooses. */
  chargeStandard: boolean;
  withChildren: boolean;
}
