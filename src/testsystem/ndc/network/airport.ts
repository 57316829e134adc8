// An airport as the core needs it: where it is (great-circle distances, block times) and its zone
// (local schedule times). An airline's network data may carry more (AA's hubs and market weight).

export interface Airport {
  code: string;
  city: string;
  /** ISO 3166 country code: taxes, filing currency and what counts as domestic depend on it. */
  country: string;
  lat: number;
  lon: number;
  /** IANA time zone name. */
  tz: string;
}
