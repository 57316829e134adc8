/**
 * No upstream file gives a body class, so it is derived by these rules, first match wins
 * (documented in docs/aviation.md):
 *  1. species helicopter → `helicopter`, gyrocopter → `gyroplane`, tilt-wing → `tiltrotor`;
 *  2. engine type piston → `piston`, turboprop → `turboprop`, electric → `electric`, rocket → `rocket`;
 *  3. no engine → `glider`;
 *  4. jets: a designator in the regional-jet list → `regional`; a business-jet maker or model
 *     family → `business_jet`; an airliner (listed in the explore-flights airliner types) with a
 *     heavy or super wake category → `widebody`, except the four-engine narrow-fuselage heavies
 *     (DC-8, 707/720, IL-62, VC10) → `narrowbody`; any other airliner → `narrowbody`;
 *  5. anything else → `other` (military and experimental jets: the data cannot tell them apart).
 */
export const BODY_CLASSES = [
  'narrowbody',
  'widebody',
  'regional',
  'business_jet',
  'turboprop',
  'piston',
  'helicopter',
  'gyroplane',
  'tiltrotor',
  'glider',
  'electric',
  'rocket',
  'other',
] as const;
export type BodyClass = (typeof BODY_CLASSES)[number];

const REGIONAL_JETS = new Set([
  'CRJ1',
  'CRJ2',
  'CRJ7',
  'CRJ9',
  'CRJX',
  'E135',
  'E145',
  'E45X',
  'E170',
  'E75L',
  'E75S',
  'E190',
  'E195',
  'E290',
  'E295',
  'F28',
  'F70',
  'F100',
  'B461',
  'B462',
  'B463',
  'RJ70',
  'RJ85',
  'RJ1H',
  'SU95',
  'AJ27',
  'J328',
  'YK40',
  'A148',
  'A158',
]);

const NARROW_HEAVIES = /^(DC8\d|B70\d|B720|IL62|VC10)$/;

const BUSINESS_JET_MAKERS = new Set([
  'gulfstream aerospace',
  'gulfstream american',
  'learjet',
  'cessna',
  'hawker beechcraft',
  'raytheon',
  'beech',
  'honda',
  'eclipse',
  'cirrus',
  'pilatus',
  'iai',
  'sabreliner',
  'nextant',
  'syberjet',
  'spectrum',
]);
// `Falcon` only with a number: the F-16 is a "Fighting Falcon".
const BUSINESS_JET_MODELS =
  /falcon\s*\d|challenger|global|phenom|legacy|praetor|lineage|citation|learjet|gulfstream|hawker|sabreliner|westwind|jetstar/i;

export interface BodyClassInput {
  icao: string;
  manufacturer: string;
  model: string;
  engineCount: number | null;
  engineType: string | null;
  species: string | null;
  wake: string | null;
  isAirliner: boolean;
}

export function bodyClassOf(t: BodyClassInput): BodyClass {
  if (t.species === 'H') return 'helicopter';
  if (t.species === 'G') return 'gyroplane';
  if (t.species === 'T') return 'tiltrotor';
  switch (t.engineType) {
    case 'P':
      return 'piston';
    case 'T':
      return 'turboprop';
    case 'E':
      return 'electric';
    case 'R':
      return 'rocket';
    case 'J':
      return jetClassOf(t);
    default:
      return t.engineCount === 0 ? 'glider' : 'other';
  }
}

function jetClassOf(t: BodyClassInput): BodyClass {
  if (REGIONAL_JETS.has(t.icao)) return 'regional';
  if (BUSINESS_JET_MAKERS.has(t.manufacturer.toLowerCase()) || BUSINESS_JET_MODELS.test(t.model)) return 'business_jet';
  if (!t.isAirliner) return 'other';
  if ((t.wake === 'H' || t.wake === 'J') && !NARROW_HEAVIES.test(t.icao)) return 'widebody';
  return 'narrowbody';
}
