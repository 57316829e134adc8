import { useState } from 'react';
import { ErrorNotice } from '../components/error-notice';
import { useSendTestEvent } from '../data/webhooks';
import { prettyJson, WEBHOOK_EVENTS } from '../lib/webhook-events';

/**
 * "Send test event": a signed sample of the chosen event posted to the endpoint now (marked
 * `X-Service-Test: true` and `"test": true`), and what the receiver answered.
 */
export function WebhookTestEvent({ endpointId, url }: { endpointId: string; url: string }) {
  const [event, setEvent] = useState<string>(WEBHOOK_EVENTS[0]);
  const send = useSendTestEvent(endpointId);
  const result = send.data;
  return (
    <section aria-label={`Test events to ${url}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(event);
        }}
      >
        <label>
          Test event
          <select value={event} onChange={(e) => setEvent(e.target.value)}>
            {WEBHOOK_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send test event'}
        </button>
      </form>
      <ErrorNotice error={send.error} />
      {result && (
        <div role="status" aria-label="Test event result" className={result.delivered ? 'ok' : 'error'}>
          <p>
            {result.event} test {result.delivered ? 'delivered' : 'failed'}:{' '}
            {result.status_code !== null ? `answered ${result.status_code}` : (result.error ?? 'no answer')} in{' '}
            {result.duration_ms} ms
            {result.error && result.status_code !== null ? ` (${result.error})` : ''}
          </p>
          <p>
            Delivery <code>{result.id}</code>
          </p>
          <details>
            <summary>Body sent</summary>
            <pre>{prettyJson(result.request_body)}</pre>
          </details>
          {result.response_body !== null && (
            <details>
              <summary>Answer{result.response_truncated ? ' (first 2,048 characters)' : ''}</summary>
              <pre>{result.response_body}</pre>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
