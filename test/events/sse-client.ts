import { sseMessages, type SseMessage } from '../../src/cli/sse-reader.js';

/**
 * A client of an SSE endpoint over real HTTP: the messages as they arrive, read with the same
 * parser `flightagg listen` uses. Waits are on conditions; the test's own time-out bounds them.
 */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: SseMessage[] = [];
  let wake: () => void = () => {};
  let ended = false;
  let read = 0;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  const body = res.status === 200 ? null : ((await res.json()) as Record<string, unknown>);
  if (res.status === 200 && res.body) {
    const stream = res.body;
    void (async () => {
      try {
        for await (const message of sseMessages(stream)) {
          messages.push(message);
          wake();
        }
      } catch {
        // Aborted by close(): the stream is over either way.
      }
      ended = true;
      wake();
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    messages,
    /** The next message not yet taken, when it arrives; throws if the stream ends first. */
    async next(): Promise<SseMessage> {
      while (messages.length <= read) {
        if (ended) throw new Error(`the stream ended after ${messages.length} messages`);
        await changed();
      }
      return messages[read++]!;
    },
    /** Resolves when the server has ended the stream. */
    async ended(): Promise<void> {
      while (!ended) await changed();
    },
    close: () => controller.abort(),
  };
}
