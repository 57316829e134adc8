import { Type } from '@sinclair/typebox';
import type { TaxLine } from '../connectors/connector-types.js';
import { Nullable } from '../platform/http/responses.js';
import { toDecimal } from '../platform/money.js';

/** One tax line as offers (per passenger type) and orders (per passenger) show it. */
export const TaxLineSchema = Type.Object(
  {
    code: Type.String({ description: 'IATA tax code (US, AY, XF, GB) or the carrier charge (YR, YQ)' }),
    name: Nullable(Type.String()),
    amount: Type.Number({ description: 'In the offer currency' }),
    country: Nullable(Type.String({ description: 'ISO 3166 country levying it; null for a carrier charge' })),
    filed_amount: Nullable(Type.Number({ description: 'In the currency the tax is levied in, when different' })),
    filed_currency: Nullable(Type.String()),
  },
  { $id: 'TaxLine' },
);

export function taxLineJson(t: TaxLine) {
  return {
    code: t.code,
    name: t.name,
    amount: toDecimal(t.amount),
    country: t.country,
    filed_amount: t.filed ? toDecimal(t.filed) : null,
    filed_currency: t.filed?.currency ?? null,
  };
}
