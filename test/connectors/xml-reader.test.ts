import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readXml } from '../../src/connectors/ndc/xml-reader.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../helpers/upstream.js';

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
    needsUpstream('ndc-samples');
    const dir = NDC_SAMPLES_DIR;
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

  it('hands listened-for elements out as they close, in document order, and leaves the taken ones out of the tree', () => {
    const seen: [unknown, string][] = [];
    const tree = readXml('<r><L><O><i>1</i></O><O a="x"/><O>t</O></L><O><i>4</i></O><Q>q</Q></r>', {
      onElement: new Map([
        [
          'O',
          (value, parent) => {
            seen.push([value, parent]);
            return parent === 'L';
          },
        ],
      ]),
    });
    expect(seen).toEqual([
      [{ i: '1' }, 'L'],
      [{ '@_a': 'x' }, 'L'],
      ['t', 'L'],
      [{ i: '4' }, 'r'],
    ]);
    // Taken elements are gone (a parent left empty reads '', as with skipped ones); the rest stays.
    expect(tree).toEqual({ r: { L: '', O: { i: '4' }, Q: 'q' } });
    // A document broken after the listened-for parts still throws, once the listeners have run.
    let calls = 0;
    expect(() => readXml('<r><O>1</O><O>2</O><P>', { onElement: new Map([['O', () => ++calls > 0]]) })).toThrow(
      /not well-formed/,
    );
    expect(calls).toBe(2);
  });

  it('keeps text next to attributes, decodes entities and CDATA, drops prefixes', () => {
    expect(
      readXml('<n:a xmlns:n="x"><n:Amt CurCode="USD">1.50</n:Amt><T>a &amp; b &#65;</T><C><![CDATA[<raw>]]></C><E/></n:a>'),
    ).toEqual({
      a: { Amt: { '@_CurCode': 'USD', '#text': '1.50' }, T: 'a & b A', C: '<raw>', E: '' },
    });
  });

  it('leaves skipped elements out, prefixed or not, and reads them in full when one nests in another', () => {
    const skip = new Set(['Tax']);
    expect(
      readXml('<P><TaxSummary><Tax><Amount>1</Amount><TaxCode>US</TaxCode></Tax><Tax/><Total>1</Total></TaxSummary></P>', {
        skip,
      }),
    ).toEqual({ P: { TaxSummary: { Total: '1' } } });
    expect(readXml('<n:P xmlns:n="x"><n:Tax a="1"><n:Amount>1</n:Amount></n:Tax><n:Total>1</n:Total></n:P>', { skip })).toEqual({
      P: { Total: '1' },
    });
    // A Tax inside a Tax cannot be passed over by looking for the first end tag.
    expect(readXml('<P><Tax><Tax>1</Tax><TaxCode>US</TaxCode></Tax></P>', { skip })).toEqual({ P: '' });
    expect(() => readXml('<P><Tax><Amount>1</Amount></P>', { skip })).toThrow(/not well-formed/);
  });

  it('throws on documents that are cut off or unbalanced', () => {
    for (const bad of ['<a><b></a>', '<a>', '<a><b>text</b', '<a x="1></a>'])
      expect(() => readXml(bad)).toThrow(/not well-formed/);
  });
});
