import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Coding } from './compression-negotiation.js';

/**
 * How hard each coding works. An answer made for one request is compressed on its way out, so it
 * gets a quick setting: a 270 KB search answer took 0.7 ms of CPU in Brotli 4 (to 7.6 KB) and 1.0 ms
 * in gzip 6 (to 10.6 KB), a few per cent of the search's own CPU. Stored bytes (a cached search, the
 * dashboard's files) are compressed once and sent many times, so they get more: Brotli 6 (7.1 KB,
 * 1.2 ms) and gzip 9 (10.3 KB); past Brotli 6 the same answer took 60-200 ms for one per cent less,
 * a wait the first hit's client would see.
 */
export type Effort = 'dynamic' | 'stored';

const BROTLI_QUALITY: Record<Effort, number> = { dynamic: 4, stored: 6 };
const GZIP_LEVEL: Record<Effort, number> = { dynamic: 6, stored: 9 };

// Below this the work is shorter than a hand-off to libuv's thread pool and back; above it the
// event loop goes on with other requests while a thread compresses.
const ASYNC_FROM_BYTES = 64 * 1024;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

function brotliOptions(effort: Effort, size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** `bytes` in `coding`: on the event loop when small, on the thread pool when large. */
export async function compress(coding: Coding, bytes: Buffer, effort: Effort): Promise<Buffer> {
  const inline = bytes.length < ASYNC_FROM_BYTES;
  if (coding === 'br') {
    const options = brotliOptions(effort, bytes.length);
    return inline ? zlib.brotliCompressSync(bytes, options) : brotliAsync(bytes, options);
  }
  const options = { level: GZIP_LEVEL[effort] };
  return inline ? zlib.gzipSync(bytes, options) : gzipAsync(bytes, options);
}
