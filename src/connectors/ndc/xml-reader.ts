/**
 * A small XML reader for airline answers, producing the tree fast-xml-parser would (elements as
 * keys, repeats as arrays, attributes as `@_name`, text as a string or `#text`, namespace
 * prefixes dropped). Why not fast-xml-parser here: on an AirShoppingRS of a few hundred KB it
 * takes tens of ms, most of a search's budget; one indexOf-driven pass takes a few ms.
 * It is strict where it matters (unbalanced or cut-off documents throw) and ignores what NDC
 * answers do not use (DTDs, processing instructions, comments).
 *
 * Speed notes (a search parses one 200-400 KB answer, so allocations here are most of the
 * gateway's garbage): the open elements live in parallel arrays rather than an object each; an
 * element's object is only made once it has an attribute or a child (most elements are text
 * leaves); layout whitespace is never sliced; well-formed start tags are read in place by char
 * codes and end tags matched against the open name in place; element names are shared strings
 * (NameCache); a caller may name elements it never reads (`skip`), passed over by their end tag
 * (the tax breakdown is a quarter of an AirShoppingRS). Anything the fast paths do not
 * recognise goes through the general code (`generalStartTag`, and the general end-tag comparison
 * in readXml), so odd input reads exactly as it always did; test/connectors/xml-reader.test.ts
 * holds the tree to fast-xml-parser's on the published samples.
 */
import {
  attributeKey,
  attributeNames,
  elementNames,
  hashStep,
  isNameChar,
  isNamespaceDeclaration,
  localName,
  nameAt,
} from './xml-names.js';

export type XmlTree = Record<string, unknown>;

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const decode = (s: string) =>
  s.includes('&')
    ? s.replace(ENTITY, (_m, dec?: string, hex?: string, name?: string) =>
        dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name!]!,
      )
    : s;

/** Space, tab, CR, LF: the whitespace XML layout uses (all of it removed by String.trim). */
const isLayout = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function attach(parent: XmlTree, name: string, value: unknown) {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/**
 * Adds a finished child (its object, or its text when it has none) to the open element at
 * `depth`. A plain function rather than a closure in readXml, so that readXml's loop variables
 * are not captured (captured variables live in a heap context).
 */
// eslint-disable-next-line @typescript-eslint/max-params -- runs per element: no argument object per call
function addChild(nodes: (XmlTree | null)[], hasChildren: boolean[], depth: number, name: string, value: unknown) {
  hasChildren[depth] = true;
  let parent = nodes[depth] as XmlTree | null;
  if (parent === null) parent = nodes[depth] = {};
  attach(parent, name, value);
}

function fail(reason: string, at: number): never {
  throw new Error(`not well-formed XML: ${reason} at offset ${at}`);
}

/**
 * The start tag just read. One scratch record filled in by both readers below rather than a new
 * object per tag (a search reads some 15 000 tags); readXml copies it out at once.
 */
const tag = {
  name: '',
  /** The element's object when it has attributes, else null. */
  node: null as XmlTree | null,
  selfClosing: false,
  /** Where the tag's `>` is. */
  end: 0,
  /** Where the (local) name starts in the document. */
  nameStart: 0,
};

// eslint-disable-next-line @typescript-eslint/max-params -- fills the scratch record per tag: no argument object per call
function readTag(name: string, node: XmlTree | null, selfClosing: boolean, end: number, nameStart: number): true {
  tag.nameStart = nameStart;
  tag.name = name;
  tag.node = node;
  tag.selfClosing = selfClosing;
  tag.end = end;
  return true;
}

/** Any start tag, the general way: quote-aware scan for `>`, then attributes by regular expression. */
function generalStartTag(xml: string, lt: number): true {
  const n = xml.length;
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
  const qname = xml.slice(lt + 1, k);
  const name = localName(qname);
  if (name === '') fail('empty element name', lt);
  let node: XmlTree | null = null;
  if (k < stop) {
    for (const m of xml.slice(k, stop).matchAll(ATTRIBUTE)) {
      const attr = m[1]!;
      if (isNamespaceDeclaration(attr)) continue;
      (node ??= {})[attributeKey(attr)] = decode(m[2] ?? m[3] ?? '');
    }
  }
  return readTag(name, node, selfClosing, j, lt + 1 + qname.indexOf(':') + 1);
}

/**
 * A start tag of the usual shape (`<p:Name a="1" b='2'>` or `<Name/>`), read in place; false for
 * anything else, which then goes through `generalStartTag`. For the shapes it accepts it gives
 * exactly what the general code gives: names end at whitespace, `>` or `/>` only, every attribute
 * is `name = "value"` with plain ASCII names, nothing else stands between them.
 */
function fastStartTag(xml: string, lt: number): boolean {
  const n = xml.length;
  let k = lt + 1;
  let colon = -1;
  let c = 0;
  let hash = 0;
  for (; k < n; k++) {
    c = xml.charCodeAt(k);
    // `:` is a name character; only the first one separates the prefix (as localName does).
    if (c === 58 /* : */ && colon === -1) {
      colon = k;
      hash = 0;
    } else if (isNameChar(c)) hash = hashStep(hash, c);
    else break;
  }
  if (k === lt + 1 || k >= n) return false;
  const from = colon === -1 ? lt + 1 : colon + 1;
  if (from === k) return false;
  const name = nameAt(elementNames, xml, from, k, hash);
  let node: XmlTree | null = null;
  let p = k;
  for (;;) {
    while (p < n && isLayout(xml.charCodeAt(p))) p++;
    if (p >= n) return false;
    c = xml.charCodeAt(p);
    // A name character, layout or a closing quote stands before this `>`: never `/>`.
    if (c === 62 /* > */) return readTag(name, node, false, p, from);
    if (c === 47 /* / */) return xml.charCodeAt(p + 1) === 62 && readTag(name, node, true, p + 1, from);
    if (p === k) return false; // the name ran into something other than layout, `>` or `/>`
    const attrStart = p;
    hash = 0;
    while (p < n && isNameChar((c = xml.charCodeAt(p)))) {
      hash = hashStep(hash, c);
      p++;
    }
    if (p === attrStart) return false;
    const attrEnd = p;
    while (p < n && isLayout(xml.charCodeAt(p))) p++;
    if (xml.charCodeAt(p) !== 61 /* = */) return false;
    p++;
    while (p < n && isLayout(xml.charCodeAt(p))) p++;
    const quote = xml.charCodeAt(p);
    if (quote !== 34 && quote !== 39) return false;
    const close = xml.indexOf(quote === 34 ? '"' : "'", p + 1);
    if (close === -1) return false;
    // Namespace declarations are dropped without slicing anything.
    const isXmlns = xml.startsWith('xmlns', attrStart) && (attrEnd - attrStart === 5 || xml.charCodeAt(attrStart + 5) === 58);
    if (!isXmlns) {
      const key = attributeKey(nameAt(attributeNames, xml, attrStart, attrEnd, hash));
      (node ??= {})[key] = decode(xml.slice(p + 1, close));
    }
    p = close + 1;
    k = -1; // attributes seen: `>` may now follow a quote directly
  }
}

/**
 * Where the element whose start tag ends at `from` closes, when its content can be passed over
 * unread: `</qname>` with no element of the same name opened before it (nesting would need the
 * full reader). -1 otherwise.
 */
function skippedEnd(xml: string, qname: string, from: number): number {
  let tags = skippedTags.get(qname);
  if (tags === undefined) skippedTags.set(qname, (tags = { start: `<${qname}`, end: `</${qname}>` }));
  const close = xml.indexOf(tags.end, from);
  if (close === -1) return -1;
  for (let open = xml.indexOf(tags.start, from); open !== -1 && open < close; open = xml.indexOf(tags.start, open + 1)) {
    const after = xml.charCodeAt(open + tags.start.length);
    if (isLayout(after) || after === 62 /* > */ || after === 47 /* / */) return -1;
  }
  return close + tags.end.length;
}
// The tags a skipped element is looked for by, made once per name.
const skippedTags = new Map<string, { start: string; end: string }>();

/**
 * Takes an element the moment it closes: its value as the tree would hold it (its object, or its
 * text when it has neither attributes nor children) and the name of the element it is in. True
 * keeps it out of the tree: the listener has used it.
 */
export type ElementListener = (value: XmlTree | string, parent: string) => boolean;

export interface ReadOptions {
  /**
   * Elements left out of the tree, their content passed over unread: parts of a large answer
   * the caller never looks at. Only their end tag is looked for, so they are not checked for
   * well-formedness inside.
   */
  skip?: ReadonlySet<string>;
  /**
   * Listeners by element name, called in document order as each such element closes, before
   * the rest of the document is read: a large answer's repeated parts (the offers of an
   * AirShoppingRS) are used one by one instead of through a tree of the whole answer. A
   * document that turns out not to be well-formed further on still throws at the end.
   */
  onElement?: ReadonlyMap<string, ElementListener>;
}

export function readXml(xml: string, options: ReadOptions = {}): XmlTree {
  const skip = options.skip;
  const listeners = options.onElement;
  const root: XmlTree = {};
  // The open elements, outermost first, as parallel arrays (index 0: the document itself).
  // `nodes[d]` stays null while the element has neither attributes nor children: a text leaf.
  const names: string[] = [''];
  const nodes: (XmlTree | null)[] = [root];
  const texts: string[] = [''];
  const hasChildren: boolean[] = [false];
  const dropped: boolean[] = [false];
  let depth = 0;

  const n = xml.length;
  let i = 0;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) {
      if (xml.slice(i).trim() !== '') fail('text after the root element', i);
      break;
    }
    // Text between child elements is layout; only a leaf's text is kept. Layout before any text
    // would be trimmed away anyway, so it is not even sliced.
    if (lt > i && depth > 0 && !hasChildren[depth]) {
      let t = i;
      if (texts[depth] === '') while (t < lt && isLayout(xml.charCodeAt(t))) t++;
      if (t < lt) texts[depth] += decode(xml.slice(i, lt));
    }
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
        texts[depth] += xml.slice(lt + 9, end);
        i = end + 3;
      } else {
        const end = xml.indexOf('>', lt);
        if (end === -1) fail('unterminated declaration', lt);
        i = end + 1;
      }
    } else if (next === 47 /* / */) {
      const open = names[depth]!;
      // Compared in place: first `</Name>` exactly (no prefix), then the local part of `</p:Name>`.
      let end = lt + 2 + open.length;
      let plain = depth > 0 && xml.charCodeAt(end) === 62 /* > */ && xml.startsWith(open, lt + 2);
      if (!plain) {
        end = xml.indexOf('>', lt);
        if (end === -1) fail('unterminated end tag', lt);
        let from = lt + 2;
        for (let c = from; c < end; c++) {
          if (xml.charCodeAt(c) === 58 /* : */) {
            from = c + 1;
            break;
          }
        }
        plain =
          depth > 0 &&
          end > lt + 2 &&
          isNameChar(xml.charCodeAt(lt + 2)) &&
          isNameChar(xml.charCodeAt(end - 1)) &&
          end - from === open.length &&
          xml.startsWith(open, from);
      }
      if (!plain) {
        // Whitespace inside the tag, or a mismatch: the general comparison (and its message).
        const name = localName(xml.slice(lt + 2, end).trim());
        if (depth === 0 || open !== name) fail(`</${name}> does not close <${open}>`, lt);
      }
      const node = nodes[depth] as XmlTree | null;
      const text = texts[depth]!;
      depth--;
      const listener = listeners === undefined ? undefined : listeners.get(open);
      if (dropped[depth + 1]) hasChildren[depth] = true;
      else if (node === null) {
        const value = text.trim();
        if (listener !== undefined && listener(value, names[depth]!)) hasChildren[depth] = true;
        else addChild(nodes, hasChildren, depth, open, value);
      } else {
        if (text !== '') {
          const trimmed = text.trim();
          if (trimmed !== '') node['#text'] = trimmed;
        }
        if (listener !== undefined && listener(node, names[depth]!)) hasChildren[depth] = true;
        else addChild(nodes, hasChildren, depth, open, node);
      }
      i = end + 1;
    } else {
      if (!fastStartTag(xml, lt)) generalStartTag(xml, lt);
      const skipped = skip !== undefined && skip.has(tag.name);
      const skipTo = !skipped
        ? -1
        : tag.selfClosing
          ? tag.end + 1
          : skippedEnd(
              xml,
              tag.nameStart === lt + 1 ? tag.name : xml.slice(lt + 1, tag.nameStart + tag.name.length),
              tag.end + 1,
            );
      if (skipTo !== -1) {
        // Left out; the parent's text around it is still layout, as around any child.
        hasChildren[depth] = true;
        i = skipTo;
      } else if (tag.selfClosing) {
        const listener = listeners === undefined ? undefined : listeners.get(tag.name);
        const value = tag.node ?? '';
        if (listener !== undefined && listener(value, names[depth]!)) hasChildren[depth] = true;
        else addChild(nodes, hasChildren, depth, tag.name, value);
        i = tag.end + 1;
      } else {
        depth++;
        names[depth] = tag.name;
        nodes[depth] = tag.node;
        texts[depth] = '';
        hasChildren[depth] = false;
        // A skipped element that could not be passed over is read in full, then left out all the same.
        dropped[depth] = skipped;
        i = tag.end + 1;
      }
    }
  }
  if (depth !== 0) fail(`<${names[depth]}> is never closed`, n);
  return root;
}
