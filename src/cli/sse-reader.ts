/** One Server-Sent Events message: its `id:`, `event:` (default `message`) and `data:` lines. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** The body's lines as they complete, split on any of the three line ends the format allows. */
async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const complete = function* (final: boolean) {
    let end: RegExpExecArray | null;
    while ((end = /\r\n|\r|\n/.exec(buffer)) !== null) {
      // A lone \r at the end of what has come may be the start of \r\n: wait for more, unless nothing more comes.
      if (!final && end[0] === '\r' && end.index === buffer.length - 1) return;
      yield buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
    }
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    yield* complete(false);
  }
  buffer += decoder.decode();
  yield* complete(true);
}

/**
 * Reads SSE messages from a response body as they arrive: comment lines (`: heartbeat`) skipped,
 * a blank line ending a message; one the stream cut off before its blank line is dropped, as the
 * format says.
 */
export async function* sseMessages(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseMessage> {
  let message: { id: string | null; event: string; data: string[] } = { id: null, event: 'message', data: [] };
  for await (const line of lines(body)) {
    if (line === '') {
      if (message.data.length > 0) yield { id: message.id, event: message.event, data: message.data.join('\n') };
      message = { id: null, event: 'message', data: [] };
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data') message.data.push(value);
  }
}
