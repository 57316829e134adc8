import type { TaxLine } from '../connector-types.js';
import { amount, list, node, text, type Parsed } from './ndc-xml.js';

/**
 * The itemised taxes of a 21.3 Price (`TaxSummary/Tax`): code, name, amount, the levying country and
 * the amount in the currency it is filed in (UK APD in GBP on a USD fare). `factor` scales a price
 * quoted per passenger to all passengers of the item, as the item's totals are.
 */
export function readTaxLines(price: Parsed, currency: string, factor: number): TaxLine[] {
  return list(node(price.TaxSummary).Tax).flatMap((tax) => {
    const value = amount(tax.Amount, currency);
    const code = text(tax.TaxCode);
    if (!value || !code) return [];
    const filed = amount(tax.FiledAmount, currency);
    return [
      {
        code,
        name: text(tax.TaxName) ?? text(tax.DescText),
        amount: { amountMinor: value.amountMinor * factor, currency: value.currency },
        country: text(node(tax.Country).CountryCode),
        filed:
          filed && filed.currency !== value.currency
            ? { amountMinor: filed.amountMinor * factor, currency: filed.currency }
            : null,
      },
    ];
  });
}

/** Tax lines of two prices together: the same code adds up (a round trip's two US departure taxes). */
export function addTaxLines(a: TaxLine[], b: TaxLine[]): TaxLine[] {
  const out = a.map((t) => ({ ...t, filed: t.filed && { ...t.filed } }));
  for (const t of b) {
    const known = out.find((o) => o.code === t.code && o.amount.currency === t.amount.currency);
    if (!known) {
      out.push({ ...t, filed: t.filed && { ...t.filed } });
      continue;
    }
    known.amount = { ...known.amount, amountMinor: known.amount.amountMinor + t.amount.amountMinor };
    known.filed =
      known.filed && t.filed && known.filed.currency === t.filed.currency
        ? { ...known.filed, amountMinor: known.filed.amountMinor + t.filed.amountMinor }
        : null;
  }
  return out;
}
