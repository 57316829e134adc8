import { createHash } from 'node:crypto';
import { serializeRedacted } from './body-redaction.js';
import { redactedJsonPrefix } from './json-prefix.js';

/** Each body is kept to this many bytes of its redacted JSON; the rest is cut and counted. */
export const BODY_MAX_BYTES = 16 * 1024;
/** Bodies longer than this are not read at all (the gateway's own request body limit). */
export const BODY_READ_MAX_BYTES = 1024 * 1024;

/**
 * A body as the request had it: the bytes or text already in hand (the request's JSON as it
 * arrived, the answer as serialized before compression), never copied, and its content type.
 * Rendering waits for the log's writer, off the request path.
 */
export interface BodyCapture {
  payload: unknown;
  contentType: string | undefined;
  /**
   * What names the bytes when they are read anew for each request (a search cached in Redis: its
   * search id, platform/http/compression.ts `sendStored`), so they render once though each hit
   * brings its own Buffer.
   */
  storedName?: string;
}

/** A body as stored: redacted JSON text cut at BODY_MAX_BYTES, or a note saying why there is none. */
export interface RenderedBody {
  text: string | null;
  note: string | null;
  droppedBytes: number;
  redacted: boolean;
  /**
   * SHA-256 of `text` (hex) when the body is a long Buffer sent again and again (a cached
   * search's answer): the log keeps such a text once and each request names it (0031).
   */
  sharedDigest?: string;
}

const NOT_JSON = 'not recorded: not valid JSON';

export const NO_BODY: RenderedBody = Object.freeze({ text: null, note: null, droppedBytes: 0, redacted: false });

const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const truncationMarker = (dropped: number) => `… [truncated: ${dropped} bytes dropped]`;

function note(text: string): RenderedBody {
  return { text: null, note: text, droppedBytes: 0, redacted: false };
}

/** UTF-8 text cut at BODY_MAX_BYTES, never inside a character; null when it is within the bound. */
function cut(json: string): { kept: string; keptBytes: number; totalBytes: number } | null {
  // Most bodies are far below the bound in characters, which is at most their bytes.
  if (json.length <= BODY_MAX_BYTES / 3) return null;
  const bytes = Buffer.from(json);
  if (bytes.length <= BODY_MAX_BYTES) return null;
  let at = BODY_MAX_BYTES;
  while (at > 0 && (bytes[at]! & 0xc0) === 0x80) at--;
  return { kept: bytes.subarray(0, at).toString('utf8'), keptBytes: at, totalBytes: bytes.length };
}

/**
 * Long bodies sent as the same Buffer again and again (a cached search: every hit sends the cache
 * entry's own bytes, ~450 KB for a three-airline answer) render the same, so each Buffer is
 * rendered once per content type and its stored form reused while the Buffer lives. Rendering one
 * parses the whole answer to keep its first BODY_MAX_BYTES, and doing it for every hit was most of
 * a cache hit's CPU (bench/results/2026-11-29-1515.md). Kept bytes are never changed in place; a
 * stored form is at most BODY_MAX_BYTES beside a Buffer larger than that, and goes when it does.
 * Such a form carries its digest, so the log writes its text once, not once per hit.
 */
type RenderedForm = { contentType: string | undefined; rendered: RenderedBody };
const renderedBuffers = new WeakMap<Buffer, RenderedForm>();

/**
 * The same for bytes read anew for each request (a search cached in Redis: every hit is a new
 * Buffer of the same bytes), kept by the name they were sent under, the oldest going first (as
 * the in-process search cache does). Each holds at most BODY_MAX_BYTES of text: 4 MB for 256.
 */
const renderedNames = new Map<string, RenderedForm>();
const MAX_RENDERED_NAMES = 256;

/**
 * The stored form of a captured body: JSON only (another type is noted `not recorded: <type>`),
 * parsed, written back compact with the redaction rules applied (body-redaction.ts) as far as
 * BODY_MAX_BYTES, and cut there.
 */
export function renderBody(capture: BodyCapture | null): RenderedBody {
  if (capture === null) return NO_BODY;
  const { payload, contentType, storedName } = capture;
  if (!Buffer.isBuffer(payload) || payload.length <= BODY_MAX_BYTES) return renderNow(payload, contentType);
  const known = renderedBuffers.get(payload) ?? (storedName === undefined ? undefined : renderedNames.get(storedName));
  if (known !== undefined && known.contentType === contentType) return known.rendered;
  const once = renderNow(payload, contentType);
  const rendered = once.text === null ? once : { ...once, sharedDigest: createHash('sha256').update(once.text).digest('hex') };
  const form = { contentType, rendered };
  renderedBuffers.set(payload, form);
  if (storedName !== undefined) {
    renderedNames.delete(storedName);
    renderedNames.set(storedName, form);
    if (renderedNames.size > MAX_RENDERED_NAMES) renderedNames.delete(renderedNames.keys().next().value!);
  }
  return rendered;
}

function renderNow(payload: unknown, contentType: string | undefined): RenderedBody {
  if (payload === undefined || payload === null) return NO_BODY;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : -1;
  if (size === 0) return NO_BODY;
  if (contentType === undefined || !JSON_TYPE.test(contentType)) {
    return note(`not recorded: ${contentType?.split(';', 1)[0]?.trim() || 'no content type'}`);
  }
  // Neither bytes nor text: a stream (an event stream writes to the socket itself).
  if (size < 0) return note('not recorded: a stream');
  if (size > BODY_READ_MAX_BYTES) return note(`not recorded: ${size} bytes, more than the ${BODY_READ_MAX_BYTES} the log reads`);
  // A long body is read only as far as the part kept: parsing all of a 450 KB search answer, and
  // writing it all again to count what was cut, cost its search a tenth of its CPU.
  if (size > BODY_MAX_BYTES) return renderLong(typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer));
  const text = typeof payload === 'string' ? payload : (payload as Buffer).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return note(NOT_JSON);
  }
  const written = serializeRedacted(value, BODY_MAX_BYTES);
  const over = cut(written.text);
  if (!over) return { text: written.text, note: null, droppedBytes: 0, redacted: written.redacted };
  // Written whole: exact. Stopped early: the rest is counted on the value's compact JSON before
  // redaction (native, fast), which differs only where a kept part's redaction changed a length.
  const droppedBytes = written.complete
    ? over.totalBytes - over.keptBytes
    : Math.max(1, Buffer.byteLength(JSON.stringify(value)) - over.keptBytes);
  return { text: over.kept + truncationMarker(droppedBytes), note: null, droppedBytes, redacted: written.redacted };
}

/**
 * A body longer than the part kept, read token by token as far as that part (json-prefix.ts). What
 * was cut is counted as the bytes written past the cut plus the bytes of the body not read: exact
 * for compact JSON, as the gateway's own answers are, where the rules kept lengths.
 */
function renderLong(bytes: Buffer): RenderedBody {
  const written = redactedJsonPrefix(bytes, BODY_MAX_BYTES);
  if (written === null) return note(NOT_JSON);
  const over = cut(written.text);
  if (!over) return { text: written.text, note: null, droppedBytes: 0, redacted: written.redacted };
  const droppedBytes = over.totalBytes - over.keptBytes + written.unreadBytes;
  return { text: over.kept + truncationMarker(droppedBytes), note: null, droppedBytes, redacted: written.redacted };
}
