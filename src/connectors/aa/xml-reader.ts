/**
 * A small XML reader for airline answers, producing the tree fast-xml-parser would (elements as
 * keys, repeats as arrays, attributes as `@_name`, text as a string or `#text`, namespace
 * prefixes dropped). Why not fast-xml-parser here: on a 277 KB AirShoppingRS it measured
 * 40-130 ms on this machine, most of a search's budget; one indexOf-driven pass takes a few ms.
 * It is strict where it matters (unbalanced or cut-off documents throw) and ignores what NDC
 * answers do not use (DTDs, processing instructions, comments).
 */
export type XmlTree = Record<string, unknown>;

interface Frame {
  name: string;
  node: XmlTree;
  text: string;
  /** Has attributes or child elements: then it is an object, else its text. */
  filled: boolean;
  children: boolean;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const decode = (s: string) =>
  s.includes('&')
    ? s.replace(ENTITY, (_m, dec?: string, hex?: string, name?: string) =>
        dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name!]!,
      )
    : s;

const localName = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
};

function attach(parent: XmlTree, name: string, value: unknown) {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

function close(frame: Frame, parent: Frame) {
  const text = frame.text.trim();
  parent.filled = true;
  parent.children = true;
  if (!frame.filled) attach(parent.node, frame.name, text);
  else {
    if (text !== '') frame.node['#text'] = text;
    attach(parent.node, frame.name, frame.node);
  }
}

function fail(reason: string, at: number): never {
  throw new Error(`not well-formed XML: ${reason} at offset ${at}`);
}

export function readXml(xml: string): XmlTree {
  const stack: Frame[] = [{ name: '', node: {}, text: '', filled: false, children: false }];
  const n = xml.length;
  let i = 0;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const top = stack[stack.length - 1]!;
    if (lt === -1) {
      if (xml.slice(i).trim() !== '') fail('text after the root element', i);
      break;
    }
    // Text between child elements is layout; only a leaf's text is kept.
    if (lt > i && stack.length > 1 && !top.children) top.text += decode(xml.slice(i, lt));
    const next = xml.charCodeAt(lt + 1);
    if (next === 63 /* ? */) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) fail('unterminated processing instruction', lt);
      i = end + 2;
    } else if (next === 33 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt);
        if (end === -1) fail('unterminated comment', lt);
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt);
        if (end === -1) fail('unterminated CDATA', lt);
        top.text += xml.slice(lt + 9, end);
        i = end + 3;
      } else {
        const end = xml.indexOf('>', lt);
        if (end === -1) fail('unterminated declaration', lt);
        i = end + 1;
      }
    } else if (next === 47 /* / */) {
      const end = xml.indexOf('>', lt);
      if (end === -1) fail('unterminated end tag', lt);
      const name = localName(xml.slice(lt + 2, end).trim());
      if (stack.length === 1 || top.name !== name) fail(`</${name}> does not close <${top.name}>`, lt);
      stack.pop();
      close(top, stack[stack.length - 1]!);
      i = end + 1;
    } else {
      let j = lt + 1;
      let quote = 0;
      for (; j < n; j++) {
        const c = xml.charCodeAt(j);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) quote = c;
        else if (c === 62 /* > */) break;
      }
      if (j >= n) fail('unterminated start tag', lt);
      const selfClosing = xml.charCodeAt(j - 1) === 47;
      const stop = selfClosing ? j - 1 : j;
      let k = lt + 1;
      while (k < stop && xml.charCodeAt(k) > 32) k++;
      const name = localName(xml.slice(lt + 1, k));
      if (name === '') fail('empty element name', lt);
      const node: XmlTree = {};
      let filled = false;
      if (k < stop) {
        for (const m of xml.slice(k, stop).matchAll(ATTRIBUTE)) {
          const attr = m[1]!;
          if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
          node[`@_${localName(attr)}`] = decode(m[2] ?? m[3] ?? '');
          filled = true;
        }
      }
      const frame: Frame = { name, node, text: '', filled, children: false };
      if (selfClosing) close(frame, top);
      else stack.push(frame);
      i = j + 1;
    }
  }
  if (stack.length !== 1) fail(`<${stack[stack.length - 1]!.name}> is never closed`, n);
  return stack[0]!.node;
}
