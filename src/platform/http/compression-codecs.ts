import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Coding } from './compression-negotiation.js';

/**
 * How hard each coding works. Stored bytes (a cached search, the dashboard's files) are compressed
 * once and sent many times, so they get a thorough setting, short of where Brotli's time grows far
 * faster than its gain (past quality 6, a wait the first hit's client would see). An answer made for
 * one request is compressed on its way out:
 *  - when small, on the event loop and at the quickest setting: most such answers are quick to make
 *    (an aviation page from memory), so compressing at Brotli 4 or gzip 6 was most of their CPU,
 *    for a few hundred bytes fewer;
 *  - when large (an uncached search of hundreds of KB), on the thread pool at a quick setting,
 *    where the bytes saved are many and the CPU a few per cent of the search's.
 * The measurements behind each: bench/results/2026-11-30-1745.md ("Compressing small answers").
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

function settingFor(effort: Effort, inline: boolean): Setting {
  if (effort === 'stored') return STORED;
  return inline ? DYNAMIC_SMALL : DYNAMIC;
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
  const setting = settingFor(effort, inline);
  if (coding === 'br') {
    const options = brotliOptions(setting.brotliQuality, bytes.length);
    return inline ? zlib.brotliCompressSync(bytes, options) : brotliAsync(bytes, options);
  }
  const options = { level: setting.gzipLevel };
  return inline ? zlib.gzipSync(bytes, options) : gzipAsync(bytes, options);
}
