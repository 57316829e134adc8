import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStream } from '../../src/platform/log-stream.js';

/** The gateway's stream to stdout (src/platform/log-stream.ts), on real files and pipes. */
describe('log stream', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-stream-'));
  const open: number[] = [];
  afterEach(() => {
    for (const fd of open.splice(0)) fs.closeSync(fd);
  });
  const flushed = (stream: LogStream) => new Promise<Error | undefined>((resolve) => stream.flush(resolve));
  const line = (i: number, pad = 0) => `${JSON.stringify({ i, pad: 'x'.repeat(pad) })}\n`;
  const numbers = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { i?: number; dropped?: number; level?: number });

  it('writes every line, in order, and says when they are out', async () => {
    const file = path.join(dir, 'out.log');
    const fd = fs.openSync(file, 'w');
    open.push(fd);
    const stream = new LogStream(fd);
    for (let i = 0; i < 500; i++) stream.write(line(i));
    // Nothing is written within the turn that logged.
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    expect(await flushed(stream)).toBeUndefined();
    expect(numbers(fs.readFileSync(file, 'utf8')).map((l) => l.i)).toEqual([...Array(500).keys()]);
    // Lines logged while a write is in flight follow it.
    stream.write(line(500));
    await new Promise((resolve) => setImmediate(resolve));
    stream.write(line(501));
    await flushed(stream);
    expect(numbers(fs.readFileSync(file, 'utf8')).map((l) => l.i)).toEqual([...Array(502).keys()]);
  });

  it('waits for a full pipe and drops past its bound, saying how many, once the reader drains it', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Read-write and non-blocking: writes fail with EAGAIN once the pipe's 64 KB are full.
    const fd = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
    open.push(fd);
    const stream = new LogStream(fd, 200_000);
    for (let i = 0; i < 1_000; i++) stream.write(line(i, 990));
    let done = false;
    const drained = flushed(stream).then((err) => ((done = true), err));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);

    let text = '';
    const buffer = Buffer.alloc(1 << 16);
    // Read until the stream is done and the pipe is empty.
    for (;;) {
      try {
        text += buffer.toString('utf8', 0, fs.readSync(fd, buffer));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        if (done) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    expect(await drained).toBeUndefined();
    const lines = numbers(text);
    const kept = lines.filter((l) => l.i !== undefined).map((l) => l.i);
    const warning = lines.at(-1)!;
    // The first lines whole and in order, then one warning counting the rest.
    expect(kept).toEqual([...Array(kept.length).keys()]);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.length).toBeLessThan(1_000);
    expect(warning).toMatchObject({ level: 40, dropped: 1_000 - kept.length });
  });

  it('stops writing, without throwing, once the output is gone', async () => {
    const fd = fs.openSync(path.join(dir, 'gone.log'), 'w');
    fs.closeSync(fd);
    const stream = new LogStream(fd);
    stream.write(line(1));
    expect(await flushed(stream)).toMatchObject({ code: 'EBADF' });
    stream.write(line(2));
    expect(await flushed(stream)).toBeUndefined();
  });

  it('writes what is waiting when the process exits', () => {
    const source = path.resolve(import.meta.dirname, '../../src/platform/log-stream.ts');
    const script = `import('${source}').then(({ stdoutLogStream }) => {
      const stream = stdoutLogStream();
      for (let i = 0; i < 2000; i++) stream.write(JSON.stringify({ i }) + '\\n');
      process.exit(0);
    });`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    expect(numbers(child.stdout).map((l) => l.i)).toEqual([...Array(2000).keys()]);
  });
});
