import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Coding } from './compression-negotiation.js';

/**
 * How hard each coding works. Stored bytes (a cached search, the dashboard's files) are compressed
 * once and sent many times, so they get a thorough setting: Brotli 6 and gzip 9 (a 270 KB search
 * answer to 7.1 and 10.3 KB); past Brotli 6 the same answer took 60-200 ms for one per cent less, a
 * wait the first hit's client would see. An answer made for one request is compressed on its way
 * out, so it gets a quick setting, and the quickest when it is small:
 *  - below ASYNC_FROM_BYTES it is compressed on the event loop, between other requests, and is
 *    mostly quick to make (an aviation page from memory), so compressing was most of its cost: a
 *    25 KB radius page took 85 µs in gzip 6 and 98 µs in Brotli 4, against 38-47 µs in gzip 1 and
 *    37 µs in Brotli 1, for 13-20 % more bytes (4.3 and 4.5 KB against 3.7 and 3.8 KB); a whole
 *    radius request with `Accept-Encoding: gzip` cost 233-245 µs of CPU, 110 µs without;
 *  - from ASYNC_FROM_BYTES (an uncached search: hundreds of KB from a search of tens of ms) it goes
 *    to the thread pool at Brotli 4 and gzip 6, a few per cent of its search's CPU (a 466 KB
 *    three-source answer: 0.97 ms to 16.9 KB, and 1.4 ms to 24.1 KB, where Brotli 1 gives 20.0 KB
 *    and gzip 1 34.5 KB).
 * (bench/results/2026-11-30-1745.md, "Compressing small answers".)
 */
export type Effort = 'dynamic' | 'stored';

interface Setting {
  brotliQuality: number;
  gzipLevel: number;
}

const STORED: Setting = { brotliQuality: 6, gzipLevel: 9 };
const DYNAMIC: Setting = { brotliQuality: 4, gzipLevel: 6 };
const DYNAMIC_SMALL: Setting = { brotliQuality: 1, gzipLevel: 1 };

// Below this the work is shorter than a hand-off to libuv's thread pool and back; above it the
// event loop goes on with other requests while a thread compresses.
const ASYNC_FROM_BYTES = 64 * 1024;

function settingFor(effort: Effort, size: number): Setting {
  if (effort === 'stored') return STORED;
  return size < ASYNC_FROM_BYTES ? DYNAMIC_SMALL : DYNAMIC;
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

function brotliOptions(quality: number, size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** `bytes` in `coding`: on the event loop when small, on the thread pool when large. */
export async function compress(coding: Coding, bytes: Buffer, effort: Effort): Promise<Buffer> {
  const inline = bytes.length < ASYNC_FROM_BYTES;
  const setting = settingFor(effort, bytes.length);
  if (coding === 'br') {
    const options = brotliOptions(setting.brotliQuality, bytes.length);
    return inline ? zlib.brotliCompressSync(bytes, options) : brotliAsync(bytes, options);
  }
  const options = { level: setting.gzipLevel };
  return inline ? zlib.gzipSync(bytes, options) : gzipAsync(bytes, options);
}
