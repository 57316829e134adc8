// UK Air Passenger Duty: the rates per band and class, by the date the passenger leaves the UK.
// HMRC sets new rates each 1 April; a flight is charged at the rates in force on its UK departure
// date, whenever it was bought. Any airline flying from the UK reads them here (AA, VS).
// Sources: Finance Act 2023 (bands from 1 April 2023, domestic £6.50/£13); HMRC policy paper
// "Increases to Air Passenger Duty rates from 1 April 2024"; Finance Act 2025 s.73 (2025/26);
// HM Treasury "Air Passenger Duty: rates from 1 April 2026 to 31 March 2027" (30 October 2024).

/** Destination bands: DOM within the UK; A up to 2,000 miles from London (Europe), B to 5,500, C beyond. */
export type ApdBand = 'DOM' | 'A' | 'B' | 'C';

export interface ApdRates {
  /** First day of travel (UK departure) the rates apply to, inclusive. */
  from: string;
  /** Pence per passenger: reduced = lowest class on the aircraft (Economy), standard = any other. */
  bands: Readonly<Record<ApdBand, { reduced: number; standard: number }>>;
}

/** Newest first. VS samples: GB 87/191 (LHR-DEL 2023, band B), 91 (LHR-JNB Jan 2024, band C), 94/224 (LHR-JNB May 2025). */
export const UK_APD: readonly ApdRates[] = [
  {
    from: '2026-04-01',
    bands: {
      DOM: { reduced: 800, standard: 1_600 },
      A: { reduced: 1_500, standard: 3_200 },
      B: { reduced: 10_200, standard: 24_400 },
      C: { reduced: 10_600, standard: 25_300 },
    },
  },
  {
    from: '2025-04-01',
    bands: {
      DOM: { reduced: 700, standard: 1_400 },
      A: { reduced: 1_300, standard: 2_800 },
      B: { reduced: 9_000, standard: 21_600 },
      C: { reduced: 9_400, standard: 22_400 },
    },
  },
  {
    from: '2024-04-01',
    bands: {
      DOM: { reduced: 700, standard: 1_400 },
      A: { reduced: 1_300, standard: 2_600 },
      B: { reduced: 8_800, standard: 19_400 },
      C: { reduced: 9_200, standard: 20_200 },
    },
  },
  {
    from: '2023-04-01',
    bands: {
      DOM: { reduced: 650, standard: 1_300 },
      A: { reduced: 1_300, standard: 2_600 },
      B: { reduced: 8_700, standard: 19_100 },
      C: { reduced: 9_100, standard: 20_000 },
    },
  },
];

/** The APD rates in force on a UK departure date (YYYY-MM-DD). */
export function apdRatesOn(date: string): ApdRates {
  const rates = UK_APD.find((r) => date >= r.from);
  if (!rates) throw new Error(`no UK APD rates for ${date}`);
  return rates;
}
