import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from './compression-codecs.js';

/** JSON of about `bytes` bytes, repetitive as an API answer is. */
function answerOf(bytes: number): Buffer {
  const airports = Array.from({ length: Math.ceil(bytes / 120) }, (_, i) => ({
    id: String(3_000 + i),
    name: `Airport ${i}`,
    latitude_deg: 40 + (i % 97) / 100,
    distance_km: Math.round(i * 137.3) / 1000,
  }));
  return Buffer.from(JSON.stringify({ data: airports, meta: { total: airports.length }, errors: [] }));
}

const brotliAt = (bytes: Buffer, quality: number) =>
  zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

describe('compress', () => {
  const small = answerOf(25_000);
  const large = answerOf(200_000);

  it('makes a small answer for one request at the quickest setting, a large one at the quick one', async () => {
    expect(small.length).toBeLessThan(64 * 1024);
    expect(large.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(await compress('gzip', small, 'dynamic')).toEqual(zlib.gzipSync(small, { level: 1 }));
    expect(await compress('br', small, 'dynamic')).toEqual(brotliAt(small, 1));
    expect(await compress('gzip', large, 'dynamic')).toEqual(zlib.gzipSync(large, { level: 6 }));
    expect(await compress('br', large, 'dynamic')).toEqual(brotliAt(large, 4));
  });

  it('makes stored bytes at the thorough setting, whatever their size', async () => {
    for (const bytes of [small, large]) {
      expect(await compress('gzip', bytes, 'stored')).toEqual(zlib.gzipSync(bytes, { level: 9 }));
      expect(await compress('br', bytes, 'stored')).toEqual(brotliAt(bytes, 6));
    }
  });

  it('decodes to the same bytes in every setting', async () => {
    for (const bytes of [small, large])
      for (const effort of ['dynamic', 'stored'] as const) {
        expect(zlib.gunzipSync(await compress('gzip', bytes, effort))).toEqual(bytes);
        expect(zlib.brotliDecompressSync(await compress('br', bytes, effort))).toEqual(bytes);
      }
  });
});
