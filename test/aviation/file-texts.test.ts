import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAviationData } from '../../src/aviation/aviation-data.js';
import { FileTexts } from '../../src/aviation/file-texts.js';
import { JsonBytes } from '../../src/aviation/json-bytes.js';
import { collectGarbage } from '../../src/aviation/heap-release.js';
import { PackedTexts } from '../../src/aviation/packed-texts.js';
import type { TextStore } from '../../src/aviation/text-store.js';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

/** This process's open descriptors on files made in `dir` (removed from it, still open). */
const openFilesIn = (dir: string) =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

/** What `visitMany` hands over, in the order it does: each place in the asking with its text. */
function visited(texts: TextStore, asked: number[]): [number, string][] {
  const seen: [number, string][] = [];
  texts.visitMany(asked, (bytes, start, end, k) => seen.push([k, bytes.toString('utf8', start, end)]));
  return seen;
}

describe('texts kept in memory', () => {
  it('hands over the bytes of several texts in the order asked', () => {
    const texts = new PackedTexts();
    const added = ['{"name":"Zürich"}', '', '€'.repeat(400_000), '{"iata":"JFK"}'];
    for (const text of added) texts.add(text);
    texts.finish();
    expect(added.map((_, i) => texts.byteLength(i))).toEqual(added.map((text) => Buffer.byteLength(text)));
    const asked = [3, 0, 2, 0, 1];
    expect(visited(texts, asked)).toEqual(asked.map((i, k) => [k, added[i]]));
  });
});

describe('aviation texts kept in a file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-file-texts-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads back every text as it was added, and leaves no file in the folder', () => {
    const texts = FileTexts.create(dir);
    const added = [
      '{"name":"Zürich","city":"Zürich"}',
      '',
      'x'.repeat(70_000), // more than the shared read buffer
      '€'.repeat(400_000), // 1.2 MB of UTF-8: more than a write buffer
      '{"iata":"JFK"}',
    ];
    for (let i = 0; i < 3_000; i++) added.push(`{"id":${i},"name":"Airport ${i} ✈"}`);
    const numbers = added.map((text) => texts.add(text));
    texts.finish();

    expect(numbers).toEqual(added.map((_, i) => i));
    expect(texts.size).toBe(added.length);
    for (const i of [0, 1, 2, 3, 4, 5, 1_234, added.length - 1]) expect(texts.get(i)).toBe(added[i]);
    expect(fs.readdirSync(dir)).toEqual([]);

    expect(added.map((_, i) => texts.byteLength(i))).toEqual(added.map((text) => Buffer.byteLength(text)));

    // Several at once, in the order asked, neighbours or not, the same one twice; two of them
    // larger than the shared read buffer.
    const asked = [5, 3_004, 2, 6, 7, 0, 1_000, 6, 3, 4, 1];
    expect(visited(texts, asked)).toEqual(asked.map((i, k) => [k, added[i]]));
    expect(visited(texts, [])).toEqual([]);
    const small = [3_004, 5, 7, 6, 1_000, 8, 9];
    expect(visited(texts, small)).toEqual(small.map((i, k) => [k, added[i]]));

    // Laid out again in another order: the numbers and the texts stay, the old file closes.
    const own = fs.mkdtempSync(path.join(dir, 'arranged-'));
    const arranged = FileTexts.create(own);
    for (const text of added) arranged.add(text);
    arranged.finish();
    const order = added.map((_, i) => i).reverse();
    [order[0], order[500]] = [order[500]!, order[0]!];
    arranged.arrange(order);
    expect(openFilesIn(own)).toBe(1);
    expect(added.map((_, i) => arranged.get(i))).toEqual(added);
    expect(visited(arranged, asked)).toEqual(asked.map((i, k) => [k, added[i]]));
    expect(() => arranged.arrange([0, 1])).toThrow(/2 numbers for/);
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('closes its file once nothing holds the store', async () => {
    const own = fs.mkdtempSync(path.join(dir, 'own-'));
    let texts: FileTexts | null = FileTexts.create(own);
    texts.add('{"a":1}');
    texts.finish();
    expect(texts.get(0)).toBe('{"a":1}');
    expect(openFilesIn(own)).toBe(1);
    texts = null;
    for (let i = 0; i < 50 && openFilesIn(own) > 0; i++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(openFilesIn(own)).toBe(0);
  });
});

describe('aviation data where no file can be made', () => {
  let t: AviationTestApp;
  let dir: string;
  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-file-texts-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the texts in memory, says so once, and answers the same', async () => {
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
    // A plain file where the folder should be: mkdir fails.
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, '');

    const inFile = await loadAviationData(t.platform.db, dir, logger);
    const inMemory = await loadAviationData(t.platform.db, path.join(blocked, 'texts'), logger);

    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'aviation data kept in memory: its local file could not be written',
        dir: path.join(blocked, 'texts'),
      }),
    ]);
    const jfk = { kind: 'iata', value: 'JFK' } as const;
    expect(inMemory.airports.profile(jfk)).toEqual(inFile.airports.profile(jfk));
    expect(JSON.parse(inMemory.airports.profile(jfk)!.airport)).toMatchObject({ iata: 'JFK' });
    const page = {
      filter: { near: { lat: 40.64, lon: -73.78, radiusKm: 300 } },
      sort: { field: 'distance', descending: false },
      limit: 50,
      offset: 0,
    };
    const json = (data: typeof inFile) => {
      const found = data.airports.list(page);
      const out = new JsonBytes(data.airports.jsonBytes(found));
      data.airports.writeJson(found, out);
      return { found, json: JSON.parse(out.bytes().toString()) as { distance_km: number }[] };
    };
    expect(json(inMemory)).toEqual(json(inFile));
    expect(json(inFile).found.total).toBeGreaterThan(0);
    expect(json(inFile).json[0]).toMatchObject({ iata: 'JFK', distance_km: expect.any(Number) });
  });
});
