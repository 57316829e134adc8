import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readXml } from '../../src/connectors/aa/xml-reader.js';

const reference = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});
const withoutNamespaces = (o: unknown): unknown =>
  Array.isArray(o)
    ? o.map(withoutNamespaces)
    : o && typeof o === 'object'
      ? Object.fromEntries(
          Object.entries(o)
            .filter(([k]) => !k.startsWith('@_xmlns') && k !== '?xml')
            .map(([k, v]) => [k, withoutNamespaces(v)]),
        )
      : o;

describe('xml reader', () => {
  it('reads every published 21.3 response sample exactly as fast-xml-parser does', () => {
    const dir = path.resolve(process.cwd(), '../shared/ndc/samples-21.3');
    const files = fs.readdirSync(dir).flatMap((d) =>
      fs
        .readdirSync(path.join(dir, d))
        .filter((f) => /RS|orderview/i.test(f))
        .map((f) => path.join(dir, d, f)),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const xml = fs.readFileSync(file, 'utf8');
      expect(withoutNamespaces(readXml(xml)), file).toEqual(withoutNamespaces(reference.parse(xml)));
    }
  });

  it('keeps text next to attributes, decodes entities and CDATA, drops prefixes', () => {
    expect(
      readXml('<n:a xmlns:n="x"><n:Amt CurCode="USD">1.50</n:Amt><T>a &amp; b &#65;</T><C><![CDATA[<raw>]]></C><E/></n:a>'),
    ).toEqual({
      a: { Amt: { '@_CurCode': 'USD', '#text': '1.50' }, T: 'a & b A', C: '<raw>', E: '' },
    });
  });

  it('throws on documents that are cut off or unbalanced', () => {
    for (const bad of ['<a><b></a>', '<a>', '<a><b>text</b', '<a x="1></a>'])
      expect(() => readXml(bad)).toThrow(/not well-formed/);
  });
});
