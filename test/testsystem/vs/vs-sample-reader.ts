// Reads VS's published NDC samples by path (../shared/ndc/samples-21.3) for the VS data tests: just
// enough XML reading for elements that do not nest in themselves (OfferItem, Tax, FareComponent...).
import fs from 'node:fs';
import path from 'node:path';
import { NDC_SAMPLES_DIR } from '../../helpers/upstream.js';

export function readSample(relative: string): string {
  return fs.readFileSync(path.join(NDC_SAMPLES_DIR, relative), 'utf8');
}

/** Every sample file, as paths relative to the samples folder. */
export function allSamples(): string[] {
  return fs.readdirSync(NDC_SAMPLES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml'));
}

/** The inner XML of every `<tag>` element (with or without attributes). */
export function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
}

/** The text of every `<tag>` element. */
export function texts(xml: string, tag: string): string[] {
  return blocks(xml, tag).map((b) => b.trim());
}

/** The text of the first `<tag>` element, or null. */
export function firstText(xml: string, tag: string): string | null {
  return texts(xml, tag)[0] ?? null;
}

/** Tax lines of a TaxSummary as { code: amount in pence }; codes from TaxCode (or DescText where VS puts them there). */
export function taxPence(xml: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tax of blocks(xml, 'Tax')) {
    const code = firstText(tax, 'TaxCode') ?? firstText(tax, 'DescText') ?? '';
    out[code] = (out[code] ?? 0) + Math.round(Number(firstText(tax, 'Amount')) * 100);
  }
  return out;
}
