import { AppError } from '../errors.js';

/** Labels the WHATWG Encoding standard reads as UTF-8 (compared in lower case). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8']);
const CHARSET_PARAMETER = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]*)/i;

/**
 * The charset a `Content-Type` header declares (`application/json; charset=latin1` → `latin1`),
 * unquoted; null when it declares none.
 */
export function declaredCharset(contentType: string | undefined): string | null {
  const match = contentType ? CHARSET_PARAMETER.exec(contentType) : null;
  if (!match) return null;
  return (match[2] ?? match[1] ?? '').trim();
}

/**
 * The 415 for a body declared in a charset other than UTF-8: the gateway reads every body as
 * UTF-8, so a Latin-1 or UTF-16 body would be read as other text than the client meant (or
 * refused as invalid UTF-8 with a sentence that hides why). Null when the header declares UTF-8
 * or no charset.
 */
export function charsetRefusal(contentType: string | undefined): AppError | null {
  const charset = declaredCharset(contentType);
  if (charset === null || UTF8_LABELS.has(charset.toLowerCase())) return null;
  const shown = charset === '' ? 'an empty charset' : `charset ${charset.slice(0, 40)}`;
  return new AppError(
    415,
    'unsupported_charset',
    `the Content-Type header declares ${shown}: send the body as UTF-8 (charset=utf-8, or no charset)`,
  );
}
