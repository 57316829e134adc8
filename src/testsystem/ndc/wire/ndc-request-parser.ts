// Tolerant reading of incoming NDC XML: namespace prefixes dropped, every value kept as text, and
// small helpers that accept one element or many, so any schema-valid request shape can be read.

import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlObject = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

export class MalformedXmlError extends Error {}

export interface ParsedMessage {
  rootName: string;
  root: XmlObject;
}

export function parseNdc(xml: string): ParsedMessage {
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new MalformedXmlError(`${check.err.msg} (line ${check.err.line})`);
  const doc = parser.parse(xml) as XmlObject;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootName ? doc[rootName] : undefined;
  if (!rootName || typeof root !== 'object' || root === null) throw new MalformedXmlError('document has no root element');
  return { rootName, root: root as XmlObject };
}

export function list(node: unknown, name: string): XmlObject[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlObject)[name];
  if (value === undefined || value === null) return [];
  const arr = Array.isArray(value) ? value : [value];
  return arr.map((v) => (typeof v === 'object' && v !== null ? (v as XmlObject) : { '#text': String(v) }));
}

export function child(node: unknown, ...path: string[]): XmlObject | undefined {
  let current: unknown = node;
  for (const name of path) {
    current = list(current, name)[0];
    if (current === undefined) return undefined;
  }
  return current as XmlObject;
}

export function text(node: unknown, ...path: string[]): string | undefined {
  const target = path.length ? child(node, ...path) : node;
  if (target === undefined || target === null) return undefined;
  if (typeof target !== 'object') return String(target);
  const value = (target as XmlObject)['#text'];
  return value === undefined ? undefined : String(value).trim();
}

export function texts(node: unknown, name: string): string[] {
  return list(node, name)
    .map((n) => text(n))
    .filter((t): t is string => t !== undefined && t !== '');
}
