/** One Server-Sent Events message: its `id:`, `event:` (default `message`) and `data:` lines. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Reads SSE messages from a response body as they arrive: lines split on any of the three line
 * ends the format allows, comment lines (`: heartbeat`) skipped, a blank line ending a message.
 */
export async function* sseMessages(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  let message: { id: string | null; event: string; data: string[] } = { id: null, event: 'message', data: [] };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: RegExpExecArray | null;
    while ((end = /\r\n|\r|\n/.exec(buffer)) !== null) {
      // A lone \r at the end of the buffer may be the start of \r\n: wait for the next chunk.
      if (end[0] === '\r' && end.index === buffer.length - 1) break;
      const line = buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
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
}
