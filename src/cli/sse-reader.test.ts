import { describe, expect, it } from 'vitest';
import { sseMessages } from './sse-reader.js';

async function read(chunks: string[]) {
  const body = (async function* () {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  })();
  const messages = [];
  for await (const message of sseMessages(body)) messages.push(message);
  return messages;
}

describe('sseMessages', () => {
  it('reads id, event and data, skipping comments, across chunk boundaries and line ends', async () => {
    const messages = await read([
      ': stream open\n\nid: evt_1\nevent: order.created\nda',
      'ta: {"a":1}\n\n: heartbeat\n\nid: evt_2\r',
      '\nevent: order.updated\r\ndata: line one\r\ndata: line two\r\n\r\n',
      'data:no space\r\r',
    ]);
    expect(messages).toEqual([
      { id: 'evt_1', event: 'order.created', data: '{"a":1}' },
      { id: 'evt_2', event: 'order.updated', data: 'line one\nline two' },
      { id: null, event: 'message', data: 'no space' },
    ]);
  });

  it('drops a message the stream cut off before its blank line', async () => {
    expect(await read(['id: evt_3\nevent: order.created\ndata: {}\n'])).toEqual([]);
  });
});
