import type { Cabin } from '../connector-types.js';
import { standardBrand, type NdcBrand } from '../ndc/ndc-airline-profile.js';
import { text, type Parsed } from '../ndc/ndc-xml.js';

/**
 * Virgin Atlantic's branded fares by the PriceClass/Name its answers carry (samples-21.3:
 * airshopping/*_RS.xml, offerprice/*_RS.xml): our brand code and the cabin each sells. VS's
 * PriceClass has a Name and an id and at most a CabinType, never a Code, so the code is ours;
 * the offer price answers call Upper Class "Upper Class Flex" where shopping says "Upper Flex".
 */
const BRANDS = new Map<string, { code: string; cabin: Cabin }>([
  ['economy light', { code: 'LIGHT', cabin: 'economy' }],
  ['economy classic', { code: 'CLASSIC', cabin: 'economy' }],
  ['economy classic flex', { code: 'CLASSIC_FLEX', cabin: 'economy' }],
  ['economy delight', { code: 'DELIGHT', cabin: 'economy' }],
  ['economy delight flex', { code: 'DELIGHT_FLEX', cabin: 'economy' }],
  ['premium', { code: 'PREMIUM', cabin: 'premium_economy' }],
  ['premium flex', { code: 'PREMIUM_FLEX', cabin: 'premium_economy' }],
  ['upper', { code: 'UPPER', cabin: 'business' }],
  ['upper class', { code: 'UPPER', cabin: 'business' }],
  ['upper flex', { code: 'UPPER_FLEX', cabin: 'business' }],
  ['upper class flex', { code: 'UPPER_FLEX', cabin: 'business' }],
]);

/**
 * The brand of a VS PriceClass: its name as VS sends it, our code for it, and its cabin (the
 * CabinType when VS sends one, else the brand's). A name VS adds later keeps its name and the
 * cabin VS gives, with no code, rather than being guessed.
 */
export function vsBrand(priceClass: Parsed): NdcBrand {
  const standard = standardBrand(priceClass);
  const known = BRANDS.get((text(priceClass.Name) ?? '').toLowerCase().replace(/\s+/g, ' '));
  return { name: standard.name, code: known?.code ?? null, cabin: standard.cabin ?? known?.cabin ?? null };
}
