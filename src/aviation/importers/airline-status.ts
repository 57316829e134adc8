export type AirlineStatus = 'active' | 'inactive' | 'defunct' | 'unknown';

export interface StatusInput {
  activeFlag: string | null;
  iata: string | null;
  icao: string | null;
}

/**
 * OpenFlights has only a Y/N flag (known to be unreliable) and no defunct date, so the status
 * says no more than the data supports:
 *  - `Y` → `active`;
 *  - `N`, and an active airline now holds its IATA or ICAO code → `defunct` (a code is only
 *    reassigned once the old holder stopped flying under it);
 *  - `N` otherwise → `inactive` (not flying as far as OpenFlights knows; whether it ceased for
 *    good is not in the data);
 *  - no flag or an unrecognised one → `unknown`.
 */
export function deriveStatuses(airlines: readonly StatusInput[]): AirlineStatus[] {
  const activeIata = new Set<string>();
  const activeIcao = new Set<string>();
  for (const a of airlines) {
    if (a.activeFlag !== 'Y') continue;
    if (a.iata) activeIata.add(a.iata);
    if (a.icao) activeIcao.add(a.icao);
  }
  return airlines.map((a) => {
    if (a.activeFlag === 'Y') return 'active';
    if (a.activeFlag !== 'N') return 'unknown';
    const reassigned = (a.iata !== null && activeIata.has(a.iata)) || (a.icao !== null && activeIcao.has(a.icao));
    return reassigned ? 'defunct' : 'inactive';
  });
}
