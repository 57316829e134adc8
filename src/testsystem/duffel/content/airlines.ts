// The airlines sold through the test system and the aircraft they fly, as Duffel's Airline and
// Aircraft objects show them. Duffel Airways (ZZ) is Duffel's own sandbox airline; British Airways
// and Iberia are sold on the routes they fly (content/schedules.ts).

import { derivedId } from '../wire/ids.js';

export type OwnerCode = 'ZZ' | 'BA' | 'IB';

interface AirlineInfo {
  code: OwnerCode;
  name: string;
  conditionsOfCarriageUrl: string | null;
  /** The three-digit ticketing prefix of its e-tickets (ZZ's is the test system's own). */
  ticketPrefix: string;
}

export const AIRLINES: Readonly<Record<OwnerCode, AirlineInfo>> = {
  ZZ: { code: 'ZZ', name: 'Duffel Airways', conditionsOfCarriageUrl: null, ticketPrefix: '999' },
  BA: {
    code: 'BA',
    name: 'British Airways',
    conditionsOfCarriageUrl:
      'https://www.britishairways.com/en-gb/information/legal/british-airways/general-conditions-of-carriage',
    ticketPrefix: '125',
  },
  IB: {
    code: 'IB',
    name: 'Iberia',
    conditionsOfCarriageUrl: 'https://www.iberia.com/us/legal-conditions/conditions-of-carriage/',
    ticketPrefix: '075',
  },
};

export function wireAirline(code: OwnerCode) {
  const a = AIRLINES[code];
  return {
    id: derivedId('airline', `airline|${code}`),
    name: a.name,
    iata_code: code,
    logo_symbol_url: `https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/${code}.svg`,
    logo_lockup_url: `https://assets.duffel.com/img/airlines/for-light-background/full-color-lockup/${code}.svg`,
    conditions_of_carriage_url: a.conditionsOfCarriageUrl,
  };
}

export const AIRCRAFT: Readonly<Record<string, string>> = {
  '77W': 'Boeing 777-300ER',
  '772': 'Boeing 777-200',
  '789': 'Boeing 787-9',
  '35K': 'Airbus A350-1000',
  '388': 'Airbus A380-800',
  '320': 'Airbus A320',
  '32N': 'Airbus A320neo',
  '32Q': 'Airbus A321neo',
};

export function wireAircraft(iata: string) {
  return { id: derivedId('aircraft', `aircraft|${iata}`), iata_code: iata, name: AIRCRAFT[iata] ?? iata };
}
