// oneworld partners whose flights AA sells under its own code. Trunk routes link an AA hub to the
// partner's gateway (non-stop codeshares); beyond legs fan out from the gateway. AA's own flights never
// touch the beyond points, so reaching them always means a partner-operated leg.

export interface PartnerCarrier {
  code: string;
  name: string;
  gateway: string;
  /** AA marketing flight numbers for this partner's flights start here (AA6xxx for BA and so on). */
  codeshareBase: number;
  /** The partner's own flight numbers for the trunk and beyond legs start here. */
  operatingBase: number;
  longHaulAircraft: string;
  shortHaulAircraft: string;
  trunkFrom: readonly string[];
  beyond: readonly string[];
}

export const PARTNERS: readonly PartnerCarrier[] = [
  {
    code: 'BA',
    name: 'British Airways',
    gateway: 'LHR',
    codeshareBase: 6100,
    operatingBase: 170,
    longHaulAircraft: 'B772',
    shortHaulAircraft: 'A320',
    trunkFrom: ['JFK', 'ORD', 'MIA', 'PHX', 'PHL', 'LAX'],
    beyond: ['EDI', 'GLA', 'ABZ', 'BHD', 'MAN'],
  },
  {
    code: 'IB',
    name: 'Iberia',
    gateway: 'MAD',
    codeshareBase: 8600,
    operatingBase: 6250,
    longHaulAircraft: 'A359',
    shortHaulAircraft: 'A320',
    trunkFrom: ['JFK', 'ORD', 'MIA', 'LAX'],
    beyond: ['BCN', 'AGP', 'BIO', 'SVQ', 'LIS'],
  },
  {
    code: 'JL',
    name: 'Japan Airlines',
    gateway: 'HND',
    codeshareBase: 8400,
    operatingBase: 1,
    longHaulAircraft: 'B788',
    shortHaulAircraft: 'B738',
    trunkFrom: ['JFK', 'ORD', 'DFW', 'LAX'],
    beyond: ['ITM', 'CTS', 'FUK', 'OKA'],
  },
  {
    code: 'QF',
    name: 'Qantas',
    gateway: 'SYD',
    codeshareBase: 7300,
    operatingBase: 11,
    longHaulAircraft: 'B789',
    shortHaulAircraft: 'B738',
    trunkFrom: ['LAX', 'DFW'],
    beyond: ['MEL', 'BNE', 'PER', 'ADL'],
  },
  {
    code: 'AY',
    name: 'Finnair',
    gateway: 'HEL',
    codeshareBase: 9000,
    operatingBase: 5,
    longHaulAircraft: 'A359',
    shortHaulAircraft: 'A320',
    trunkFrom: ['JFK', 'DFW', 'ORD'],
    beyond: ['OUL', 'RVN', 'ARN', 'OSL'],
  },
];

/**
 * The regional airlines that fly AA's American Eagle flights, by the hub their flights serve (aa.com
 * "American Eagle": Envoy, PSA, Piedmont, SkyWest, Republic). AA sells them as its own flights.
 */
export const EAGLE_CARRIERS: Readonly<Record<string, { code: string; name: string }>> = {
  DFW: { code: 'MQ', name: 'Envoy Air' },
  ORD: { code: 'MQ', name: 'Envoy Air' },
  MIA: { code: 'MQ', name: 'Envoy Air' },
  CLT: { code: 'OH', name: 'PSA Airlines' },
  PHL: { code: 'PT', name: 'Piedmont Airlines' },
  DCA: { code: 'YX', name: 'Republic Airways' },
  JFK: { code: 'YX', name: 'Republic Airways' },
  PHX: { code: 'OO', name: 'SkyWest Airlines' },
  LAX: { code: 'OO', name: 'SkyWest Airlines' },
};
const ENVOY = { code: 'MQ', name: 'Envoy Air' };

/** Who flies an American Eagle flight from or to `hub`. */
export function eagleCarrier(hub: string): { code: string; name: string } {
  return EAGLE_CARRIERS[hub] ?? ENVOY;
}

export const CARRIER_NAMES: Readonly<Record<string, string>> = {
  AA: 'American Airlines',
  ...Object.fromEntries(PARTNERS.map((p) => [p.code, p.name])),
};
