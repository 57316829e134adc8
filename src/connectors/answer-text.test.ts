// A source's answer read chunk by chunk: characters split between chunks decode whole, a byte
// order mark is dropped as undici's body.text() drops it, and an answer past the limit is refused
// with its stream destroyed.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AnswerTooLargeError, readAnswerText } from './answer-text.js';

const chunked = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
};

describe('readAnswerText', () => {
  it('decodes characters split between chunks whole and counts the bytes received', async () => {
    const text = '<Name>Zürich–São Paulo ✈ 東京</Name>'.repeat(50);
    const bytes = Buffer.from(text);
    // One byte a chunk splits every multi-byte character.
    expect(await readAnswerText(chunked(bytes, 1))).toEqual({ text, bytes: bytes.length });
    expect(await readAnswerText(chunked(bytes, 7))).toEqual({ text, bytes: bytes.length });
  });

  it('drops a leading byte order mark, as body.text() does, and keeps one anywhere else', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>\ufeff</a>')]);
    expect(await readAnswerText(chunked(bytes, 2))).toEqual({ text: '<a>\ufeff</a>', bytes: bytes.length });
    expect(await readAnswerText(Readable.from([]))).toEqual({ text: '', bytes: 0 });
  });

  it('refuses an answer past the limit and destroys its stream', async () => {
    const stream = chunked(Buffer.alloc(10_000, 'a'), 1000);
    const error = await readAnswerText(stream, 4096).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(stream.destroyed).toBe(true);
    expect(await readAnswerText(chunked(Buffer.alloc(4096, 'a'), 1000), 4096)).toMatchObject({ bytes: 4096 });
  });
});
