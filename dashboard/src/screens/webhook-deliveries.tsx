import { Fragment, useState } from 'react';
import { ColumnHeads } from '../components/column-heads';
import { ErrorNotice, Loading } from '../components/error-notice';
import { useRetryDelivery, useWebhookDeliveries } from '../data/webhooks';
import { formatInstant } from '../lib/format';
import { prettyJson } from '../lib/webhook-events';
import { WebhookTestEvent } from './webhook-test-event';

/**
 * Deliveries to one endpoint, newest first, each with every attempt; a row opens to the body sent
 * and each answer's first 2,048 characters (text, escaped by React). A real delivery can be sent
 * again now; a test cannot.
 */
export function WebhookDeliveries({ endpointId, url }: { endpointId: string; url: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const retry = useRetryDelivery(endpointId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section aria-label={`Deliveries to ${url}`}>
      <h3>Deliveries to {url}</h3>
      <WebhookTestEvent endpointId={endpointId} url={url} />
      {deliveries.isPending && <Loading what="deliveries" />}
      <ErrorNotice error={deliveries.error ?? retry.error} />
      {deliveries.data?.deliveries.length === 0 && <p>No deliveries yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <table>
          <ColumnHeads names={['Event', 'Order', 'Status', 'Attempts (time, answer, duration)', 'Actions']} />
          <tbody>
            {deliveries.data.deliveries.map((d) => {
              const open = expanded.has(d.id);
              return (
                <Fragment key={d.id}>
                  <tr>
                    <td>{d.event}</td>
                    <td>
                      {d.order_id}
                      {d.test && (
                        <>
                          {' '}
                          <span className="badge">test</span>
                        </>
                      )}
                    </td>
                    <td>{d.status}</td>
                    <td>
                      <ol>
                        {d.attempts.map((a, index) => (
                          <li key={index}>
                            {formatInstant(a.at)}: {a.status_code ?? a.error ?? 'no answer'} in {a.duration_ms} ms
                          </li>
                        ))}
                      </ol>
                    </td>
                    <td>
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-controls={`payload-${d.id}`}
                        onClick={() => toggle(d.id)}
                        aria-label={`${open ? 'Hide' : 'Show'} payload: delivery ${d.id}`}
                      >
                        {open ? 'Hide payload' : 'Show payload'}
                      </button>{' '}
                      {!d.test && (
                        <button
                          type="button"
                          disabled={retry.isPending}
                          onClick={() => retry.mutate(d.id)}
                          aria-label={`Send again: delivery ${d.id}`}
                        >
                          Send again
                        </button>
                      )}
                    </td>
                  </tr>
                  {open && (
                    <tr id={`payload-${d.id}`}>
                      <td colSpan={5}>
                        <p>
                          Delivery <code>{d.id}</code>
                          {d.test ? ' (test event: sent once, never retried)' : ''}
                        </p>
                        <h4>Body sent</h4>
                        {d.request_body === null ? (
                          <p>Not recorded (sent before bodies were kept, or not attempted yet).</p>
                        ) : (
                          <pre aria-label={`Body sent: delivery ${d.id}`}>{prettyJson(d.request_body)}</pre>
                        )}
                        <h4>Answers</h4>
                        <ol>
                          {d.attempts.map((a, index) => (
                            <li key={index}>
                              {formatInstant(a.at)}: {a.status_code !== null ? `status ${a.status_code}` : 'no answer'}
                              {a.error ? ` (${a.error})` : ''} in {a.duration_ms} ms
                              {a.response_body !== null && a.response_body !== '' && (
                                <pre>
                                  {a.response_body}
                                  {a.response_truncated ? '\n… (first 2,048 characters shown)' : ''}
                                </pre>
                              )}
                            </li>
                          ))}
                        </ol>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
