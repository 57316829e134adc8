import { StringDecoder } from 'node:string_decoder';

/**
 * The most a source's answer body may hold. The largest answers are shopping answers: a few hundred
 * KB from AA, VS or Duffel for one day's search. Past this the answer is refused as unreadable
 * rather than held in memory whole: a source that streams without end cannot take the gateway's
 * memory with it.
 */
export const ANSWER_LIMIT_BYTES = 32 * 1024 * 1024;

/** A source's answer that went past `ANSWER_LIMIT_BYTES` (or a transport's own limit); nothing of it is kept. */
export class AnswerTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    const mb = limitBytes / (1024 * 1024);
    super(`the answer is larger than ${Number.isInteger(mb) ? `${mb} MB` : `${limitBytes} bytes`}`);
    this.name = 'AnswerTooLargeError';
  }
}

/** A response body as the transports read it: undici's BodyReadable (an async iterable of Buffers). */
export type AnswerBody = AsyncIterable<Buffer>;

/**
 * A source's answer as UTF-8 text, and how many bytes came, read chunk by chunk up to `limitBytes`
 * (then `AnswerTooLargeError`, the body destroyed). A leading byte order mark is dropped, as
 * undici's `body.text()` does.
 *
 * Why not `body.text()`: it first joins the chunks into one Buffer the size of the answer, then
 * decodes that, so every answer is copied twice. A few-hundred-KB AirShoppingRS is above glibc's
 * mmap threshold (the start script sets it at 32 KB), so that joined Buffer is freshly mapped and
 * touched page by page on every search, and on a virtual machine page faults are a large part of a
 * search's CPU. Decoding each chunk as it arrives (StringDecoder holds a character split between
 * two chunks) leaves only the text itself to allocate.
 */
export async function readAnswerText(
  body: AnswerBody,
  limitBytes = ANSWER_LIMIT_BYTES,
): Promise<{ text: string; bytes: number }> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let bytes = 0;
  // Leaving the loop by the throw ends the iteration, which destroys the body and frees its socket.
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > limitBytes) throw new AnswerTooLargeError(limitBytes);
    text += decoder.write(chunk);
  }
  text += decoder.end();
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, bytes };
}
