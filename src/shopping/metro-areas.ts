/**
 * IATA metropolitan area codes and the airports they group, so "same city" is known without a
 * sync of aviation data: JFK, LGA and EWR are all NYC. Only IATA's published multi-airport
 * city codes are listed (not the marketing groupings some booking sites use); an airport not listed is its own city.
 */
const METRO_AREAS: Readonly<Record<string, { name: string; airports: readonly string[] }>> = {
  NYC: { name: 'New York', airports: ['JFK', 'LGA', 'EWR'] },
  WAS: { name: 'Washington', airports: ['IAD', 'DCA', 'BWI'] },
  CHI: { name: 'Chicago', airports: ['ORD', 'MDW'] },
  DFW: { name: 'Dallas/Fort Worth', airports: ['DFW', 'DAL'] },
  HOU: { name: 'Houston', airports: ['IAH', 'HOU'] },
  DTT: { name: 'Detroit', airports: ['DTW', 'DET'] },
  ORL: { name: 'Orlando', airports: ['MCO', 'SFB'] },
  YTO: { name: 'Toronto', airports: ['YYZ', 'YTZ'] },
  YMQ: { name: 'Montreal', airports: ['YUL', 'YMX'] },
  MEX: { name: 'Mexico City', airports: ['MEX', 'NLU'] },
  SAO: { name: 'Sao Paulo', airports: ['GRU', 'CGH', 'VCP'] },
  RIO: { name: 'Rio de Janeiro', airports: ['GIG', 'SDU'] },
  BUE: { name: 'Buenos Aires', airports: ['EZE', 'AEP'] },
  LON: { name: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] },
  PAR: { name: 'Paris', airports: ['CDG', 'ORY', 'BVA'] },
  MIL: { name: 'Milan', airports: ['MXP', 'LIN', 'BGY'] },
  ROM: { name: 'Rome', airports: ['FCO', 'CIA'] },
  STO: { name: 'Stockholm', airports: ['ARN', 'BMA', 'NYO', 'VST'] },
  OSL: { name: 'Oslo', airports: ['OSL', 'TRF', 'RYG'] },
  MOW: { name: 'Moscow', airports: ['SVO', 'DME', 'VKO'] },
  IST: { name: 'Istanbul', airports: ['IST', 'SAW'] },
  BUH: { name: 'Bucharest', airports: ['OTP', 'BBU'] },
  REK: { name: 'Reykjavik', airports: ['KEF', 'RKV'] },
  TYO: { name: 'Tokyo', airports: ['HND', 'NRT'] },
  OSA: { name: 'Osaka', airports: ['KIX', 'ITM', 'UKB'] },
  SEL: { name: 'Seoul', airports: ['ICN', 'GMP'] },
  BJS: { name: 'Beijing', airports: ['PEK', 'PKX'] },
  SHA: { name: 'Shanghai', airports: ['PVG', 'SHA'] },
  BKK: { name: 'Bangkok', airports: ['BKK', 'DMK'] },
  JKT: { name: 'Jakarta', airports: ['CGK', 'HLP'] },
  TPE: { name: 'Taipei', airports: ['TPE', 'TSA'] },
};

const CITY_OF = new Map<string, string>();
for (const [city, { airports }] of Object.entries(METRO_AREAS)) {
  CITY_OF.set(city, city);
  for (const airport of airports) CITY_OF.set(airport, city);
}

/** The metropolitan area code of an airport (or of an area code), or the code itself. */
export function cityOf(code: string): string {
  return CITY_OF.get(code) ?? code;
}

/** Whether the code is a metropolitan area code (NYC) or one of the airports listed under one. */
export function inMetroAreas(code: string): boolean {
  return CITY_OF.has(code);
}

export function cityName(code: string): string {
  return METRO_AREAS[cityOf(code)]?.name ?? code;
}

export function sameCity(a: string, b: string): boolean {
  return cityOf(a) === cityOf(b);
}
