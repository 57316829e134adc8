import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NDC_SAMPLES_DIR } from '../helpers/upstream.js';
import type { Exchange } from './recorded-aa.js';

/** A published VS sample, read by its path under samples-21.3 (never copied into the project). */
export const vsSample = (file: string): string => fs.readFileSync(path.join(NDC_SAMPLES_DIR, file), 'utf8');

export interface VsSampleReplay {
  url: string;
  /** Every request the connector sent, and the sample it was answered with. */
  traffic: Exchange[];
  /** From now on, `message` (AirShopping, OrderRetrieve, ...) is answered with this sample of VS's. */
  answer(message: string, file: string): void;
  close(): Promise<void>;
}

/**
 * Virgin Atlantic's published NDC 21.3.3 answers (samples-21.3) served over HTTP as VS would send
 * them, so the VS connector's wire tests send every request through its real transport and read
 * VS's own answers with its real readers. It stands for VS's recorded traffic, not for the VS test
 * system: it answers what it is told, whatever was asked, and records what it was asked.
 */
export async function startVsSampleReplay(): Promise<VsSampleReplay> {
  const answers = new Map<string, string>();
  const traffic: Exchange[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const message = req.url!.split('/').pop()!;
    const file = answers.get(message);
    const response = file ? vsSample(file) : '';
    traffic.push({ message, request: Buffer.concat(chunks).toString('utf8'), response });
    res.writeHead(file ? 200 : 404, { 'content-type': 'application/xml' });
    res.end(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    traffic,
    answer: (message, file) => answers.set(message, file),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
