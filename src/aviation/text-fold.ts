// Letters that Unicode does not decompose into a base letter plus a mark.
const UNDECOMPOSABLE: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};

/**
 * Lower case without accents, for case- and accent-insensitive matching: "Zürich" and "zurich"
 * fold alike. Done in JavaScript at import and at query time because PGlite has no `unaccent`.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıħŧ]/g, (c) => UNDECOMPOSABLE[c] ?? c);
}

/** A `like` pattern matching the folded text anywhere, with the caller's `%` and `_` taken literally. */
export function containsPattern(text: string): string {
  return `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
