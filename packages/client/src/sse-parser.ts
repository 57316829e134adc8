/** One Server-Sent Events message: its `id:` (when sent), `event:` ('message' when not) and `data:` lines joined. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * The messages of a `text/event-stream` body as they arrive (the WHATWG HTML "event stream
 * interpretation"): lines end in LF, CRLF or CR; `:` lines are comments (heartbeats); a blank line
 * dispatches; a message with no data is dropped.
 */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let message: { id?: string; event?: string; data: string[] } = { data: [] };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let match: RegExpExecArray | null;
      // A CR at the very end may be the first half of a CRLF still to come.
      while ((match = /\r\n|\n|\r(?!$)/.exec(buffer))) {
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === '') {
          if (message.data.length > 0) yield { id: message.id, event: message.event || 'message', data: message.data.join('\n') };
          message = { data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') message.data.push(value);
        else if (field === 'event') message.event = value;
        else if (field === 'id' && !value.includes('\0')) message.id = value;
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
