import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { fetch } from 'undici';

// Upstream files are at most tens of megabytes; five minutes covers a slow link without letting
// a stalled download hold the sync (and, on PGlite, the database) forever.
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export const isUrl = (location: string) => /^https?:\/\//i.test(location);

/** A file under `--from`: a path inside a directory, or an address under a base URL. */
export function locate(from: string, relative: string): string {
  return isUrl(from) ? `${from.replace(/\/+$/, '')}/${relative}` : path.resolve(from, relative);
}

export interface OpenedFile {
  stream: Readable;
  /** Bytes, when the file system or the server says; progress is shown against it. */
  size: number | null;
}

export async function openFile(location: string): Promise<OpenedFile> {
  if (!isUrl(location)) {
    const stat = await fs.promises.stat(location).catch(() => null);
    if (!stat?.isFile()) throw new Error(`no such file: ${location}`);
    return { stream: fs.createReadStream(location), size: stat.size };
  }
  const response = await fetch(location, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`GET ${location} answered ${response.status}`);
  }
  const length = Number(response.headers.get('content-length'));
  return { stream: Readable.fromWeb(response.body as never), size: Number.isFinite(length) && length > 0 ? length : null };
}

export type ByteProgress = (bytesRead: number, size: number | null) => void;

/**
 * Streams CSV records from a file or URL, never holding the whole file: the parser sees the bytes
 * as they arrive. A byte-order mark is dropped; column counts may vary (bad rows are the
 * importer's to count, not the parser's to fail on).
 */
export async function* readCsv<T = Record<string, string>>(
  location: string,
  options: Options,
  onBytes?: ByteProgress,
): AsyncGenerator<T> {
  const { stream, size } = await openFile(location);
  let bytes = 0;
  if (onBytes) {
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onBytes(bytes, size);
    });
  }
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, ...options }));
  stream.on('error', (err) => parser.destroy(err));
  for await (const record of parser) yield record as T;
}
