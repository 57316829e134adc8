// A small XML tree and serializer for NDC responses. Element order matters to the 21.3 schema, so
// builders list children in schema order; empty optional parts are passed as null and dropped.

import { wallClockText } from '../../../platform/wall-clock.js';

export const NDC_MESSAGE_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
export const NDC_COMMON_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

export interface XmlNode {
  name: string;
  attrs?: Readonly<Record<string, string>>;
  children?: readonly XmlChild[];
  text?: string;
}

export type XmlChild = XmlNode | null | undefined | false;

export function el(name: string, content?: string | number | readonly XmlChild[], attrs?: Record<string, string>): XmlNode {
  if (content === undefined) return { name, attrs };
  if (typeof content === 'string' || typeof content === 'number') return { name, attrs, text: String(content) };
  return { name, attrs, children: content };
}

/** Elements for optional repeated values: `many('PaxRefID', ids)`. */
export function many(name: string, values: readonly (string | number)[]): XmlNode[] {
  return values.map((v) => el(name, v));
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function write(node: XmlNode, out: string[], extraAttrs: string): void {
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  out.push(`<${node.name}${extraAttrs}${attrs}`);
  const kids = (node.children ?? []).filter((c): c is XmlNode => Boolean(c));
  if (node.text !== undefined) {
    out.push(`>${escapeXml(node.text)}</${node.name}>`);
  } else if (kids.length === 0) {
    out.push('/>');
  } else {
    out.push('>');
    for (const kid of kids) write(kid, out, '');
    out.push(`</${node.name}>`);
  }
}

/**
 * A complete NDC message. The root and its direct children live in the message namespace; everything
 * below them is typed by the common-types schema, so each grandchild re-declares that namespace.
 */
export function ndcDocument(root: string, children: readonly XmlChild[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} xmlns="${NDC_MESSAGE_NS}">`];
  for (const child of children) {
    if (!child) continue;
    const grand = (child.children ?? []).filter((c): c is XmlNode => Boolean(c));
    if (child.text !== undefined || grand.length === 0) {
      write(child, out, '');
      continue;
    }
    out.push(`<${child.name}>`);
    for (const g of grand) write(g, out, ` xmlns="${NDC_COMMON_NS}"`);
    out.push(`</${child.name}>`);
  }
  out.push(`</${root}>`);
  return out.join('');
}

/** An instant as NDC writes it: ISO 8601 in UTC, whole seconds. */
export const isoTimestamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `ms` as the wall-clock time in `zone` with no offset (`2026-12-01T10:00:00`), or isoTimestamp without a zone. */
export function timeLimitText(ms: number, zone: string | undefined): string {
  return zone ? wallClockText(zone, ms) : isoTimestamp(ms);
}
