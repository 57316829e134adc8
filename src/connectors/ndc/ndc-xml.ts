import { XMLBuilder } from 'fast-xml-parser';
import { parseMinor, type MinorMoney } from '../../platform/money.js';
import { readXml, type ReadOptions } from './xml-reader.js';

/** NDC 21.3 namespaces: the message root and its direct children, then everything beneath. */
export const MESSAGE_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
export const COMMON_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

/** An element tree in schema order: object keys are child names, arrays repeat an element. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | number | XmlNode | XmlNode[] | string[] | undefined;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/**
 * A whole request message: the root in the message namespace, then its top-level parts in order
 * (`DistributionChain`, then `Request`, or `Payload` for OrderQuoteRQ). Children of the parts are
 * common-types elements (elementFormDefault qualified), text children included, so each of them
 * re-declares the common namespace as default, exactly as the IATA samples do.
 */
export function buildMessage(
  root: string,
  parts: { DistributionChain: XmlNode } & ({ Request: XmlNode } | { Payload: XmlNode }),
): string {
  const qualified = (value: unknown) =>
    typeof value === 'object' ? { '@_xmlns': COMMON_NS, ...(value as XmlNode) } : { '@_xmlns': COMMON_NS, '#text': value };
  const qualify = (node: XmlNode): XmlNode => {
    const out: XmlNode = {};
    for (const [name, value] of Object.entries(node)) {
      if (value === undefined) continue;
      out[name] = (Array.isArray(value) ? value.map(qualified) : qualified(value)) as XmlNode;
    }
    return out;
  };
  const message: XmlNode = { '@_xmlns': MESSAGE_NS };
  for (const [part, body] of Object.entries(parts)) message[part] = qualify(body as XmlNode);
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: message })}`;
}

export type Parsed = Record<string, unknown>;

/** Parses a whole document; one that is not well-formed (cut off, say) throws instead of half-parsing. */
export function parseXml(xml: string, options?: ReadOptions): Parsed {
  return readXml(xml, options);
}

/** Reading helpers that tolerate the drift seen in real traffic: one-or-many, missing, text-or-node. */
export function list(value: unknown): Parsed[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as Parsed[];
}

export function node(value: unknown): Parsed {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as Parsed) : {};
}

export function text(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return null;
  if (typeof first === 'object') {
    const inner = (first as Parsed)['#text'];
    return inner === undefined ? null : String(inner);
  }
  // Text the reader produced is already trimmed: a plain ASCII character at both ends means
  // there is nothing to trim (String.trim also strips non-ASCII spaces, hence the range).
  if (typeof first === 'string') {
    const n = first.length;
    if (n === 0) return null;
    const a = first.charCodeAt(0);
    const z = first.charCodeAt(n - 1);
    if (a > 32 && a < 127 && z > 32 && z < 127) return first;
  }
  const s = String(first).trim();
  return s === '' ? null : s;
}

export function texts(value: unknown): string[] {
  // One array, no map/filter intermediates: the mapper calls this several times per offer.
  const out: string[] = [];
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = text(v);
      if (t !== null) out.push(t);
    }
  } else if (value !== undefined) {
    const t = text(value);
    if (t !== null) out.push(t);
  }
  return out;
}

/** `list(node[key])` of every node, in order, as one array. */
export function listAll(nodes: readonly Parsed[], key: string): Parsed[] {
  const out: Parsed[] = [];
  for (const n of nodes) {
    const value = n[key];
    if (Array.isArray(value)) for (const v of value) out.push(v as Parsed);
    else if (value !== undefined && value !== null && value !== '') out.push(value as Parsed);
  }
  return out;
}

/** `texts(node[key])` of every node, in order, as one array. */
export function textsAll(nodes: readonly Parsed[], key: string): string[] {
  const out: string[] = [];
  for (const n of nodes) for (const t of texts(n[key])) out.push(t);
  return out;
}

/**
 * An NDC amount element (`<TotalAmount CurCode="KWD">123.450</TotalAmount>`) in minor units of its
 * currency, read from the text exactly (platform/money.ts); text that is not a decimal is null.
 */
export function amount(value: unknown, fallbackCurrency = 'USD'): MinorMoney | null {
  const raw = text(value);
  if (raw === null) return null;
  const first = Array.isArray(value) ? value[0] : value;
  const currency =
    first && typeof first === 'object' ? String((first as Parsed)['@_CurCode'] ?? fallbackCurrency) : fallbackCurrency;
  const amountMinor = parseMinor(raw, currency);
  return amountMinor === null ? null : { amountMinor, currency };
}

/** ISO 8601 duration (`PT7H35M0S`, `P1DT2H`) in minutes. */
export function durationMinutes(value: unknown): number | null {
  const raw = text(value);
  const m = raw ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(raw) : null;
  if (!m) return null;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
