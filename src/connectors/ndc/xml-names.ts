/**
 * Element and attribute names for the XML reader (xml-reader.ts): which characters a name is made
 * of on the reader's fast paths, and the caches that hand out one shared string per name, so the
 * thousands of tags of an answer neither allocate nor re-hash their names.
 */
export const localName = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
};

/**
 * A printable ASCII character (`:` included) that may continue a name on the fast paths.
 * Everything else (whitespace, `= / > < " '`, non-ASCII) ends the name or sends the tag to the
 * general code.
 */
const NAME_CHARS = new Uint8Array(128);
for (let c = 33; c < 127; c++) NAME_CHARS[c] = '=/><"\''.includes(String.fromCharCode(c)) ? 0 : 1;
export const isNameChar = (c: number) => c < 128 && NAME_CHARS[c] === 1;

/**
 * Names by a hash of their characters. The same few hundred names make up the thousands of tags
 * of an answer; handing out the one string already used as a property key keeps `node[name]` a
 * fast lookup and allocates nothing, where a fresh slice per tag would be allocated, hashed and
 * looked up in V8's string table every time. A hash collision only costs a slice: the candidate
 * is compared character by character.
 */
export type NameCache = Map<number, { name: string; codes: number[] }>;
export const elementNames: NameCache = new Map();
export const attributeNames: NameCache = new Map();
const NAME_CACHE_SIZE = 4096;

/** Hash step for one more character of a name (see NameCache). */
export const hashStep = (h: number, c: number) => (Math.imul(h, 31) + c) | 0;

/**
 * The name in `xml` from `start` to `end`, `hash` being its hashStep hash. Candidates are checked
 * against their char codes, kept beside them: reading the characters of a string once it has
 * been used as a property key (which turns it into an indirection) measured slow.
 */
// eslint-disable-next-line @typescript-eslint/max-params -- runs per element and attribute name: no argument object per call
export function nameAt(cache: NameCache, xml: string, start: number, end: number, hash: number): string {
  const known = cache.get(hash);
  if (known !== undefined && known.codes.length === end - start) {
    const codes = known.codes;
    let x = 0;
    while (x < codes.length && xml.charCodeAt(start + x) === codes[x]) x++;
    if (x === codes.length) return known.name;
  }
  const name = xml.slice(start, end);
  if (known !== undefined || cache.size < NAME_CACHE_SIZE) {
    const codes: number[] = [];
    for (let x = start; x < end; x++) codes.push(xml.charCodeAt(x));
    cache.set(hash, { name, codes });
  }
  return name;
}

// `@_` keys by raw attribute name: the same few attribute names repeat on thousands of elements.
const attributeKeys = new Map<string, string>();
export function attributeKey(raw: string): string {
  let key = attributeKeys.get(raw);
  if (key === undefined) {
    key = `@_${localName(raw)}`;
    if (attributeKeys.size < 1000) attributeKeys.set(raw, key);
  }
  return key;
}

export const isNamespaceDeclaration = (attr: string) => attr === 'xmlns' || attr.startsWith('xmlns:');
