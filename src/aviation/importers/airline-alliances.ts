/**
 * Alliance membership is in none of the upstream files, so it is this small curated table, keyed
 * by ICAO airline designator (IATA codes are reused, ICAO codes much less). Full members only,
 * as published by the alliances in 2025; affiliates and regional subsidiaries are not listed.
 * Review it when an airline joins or leaves: it is data we maintain, not data we import.
 */
export const ALLIANCES = ['oneworld', 'Star Alliance', 'SkyTeam'] as const;
export type Alliance = (typeof ALLIANCES)[number];

const MEMBERS: Record<Alliance, readonly string[]> = {
  oneworld: ['AAL', 'ASA', 'BAW', 'CPA', 'FIN', 'FJI', 'IBE', 'JAL', 'MAS', 'OMA', 'QFA', 'QTR', 'RAM', 'RJA', 'ALK'],
  'Star Alliance': [
    'AEE',
    'ACA',
    'CCA',
    'AIC',
    'ANZ',
    'ANA',
    'AAR',
    'AUA',
    'AVA',
    'BEL',
    'CMP',
    'CTN',
    'MSR',
    'ETH',
    'EVA',
    'LOT',
    'DLH',
    'CSZ',
    'SIA',
    'SAA',
    'SWR',
    'TAP',
    'THA',
    'THY',
    'UAL',
  ],
  SkyTeam: [
    'ARG',
    'AMX',
    'AEA',
    'AFR',
    'CAL',
    'CES',
    'DAL',
    'GIA',
    'KQA',
    'KLM',
    'KAL',
    'MEA',
    'SVA',
    'SAS',
    'ROT',
    'VIR',
    'HVN',
    'CXA',
  ],
};

const BY_ICAO = new Map<string, Alliance>(
  (Object.entries(MEMBERS) as [Alliance, readonly string[]][]).flatMap(([alliance, codes]) =>
    codes.map((c) => [c, alliance] as const),
  ),
);

export function allianceOf(icaoCode: string | null): Alliance | null {
  return icaoCode ? (BY_ICAO.get(icaoCode) ?? null) : null;
}
