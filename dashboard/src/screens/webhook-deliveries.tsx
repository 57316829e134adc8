import { ErrorNotice, Loading } from '../components/error-notice';
import { useRetryDelivery, useWebhookDeliveries } from '../data/webhooks';
import { formatInstant } from '../lib/format';

/** Deliveries to one endpoint, newest first, each with every attempt; one can be sent again now. */
export function WebhookDeliveries({ endpointId, url }: { endpointId: string; url: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const retry = useRetryDelivery(endpointId);
  return (
    <section aria-label={`Deliveries to ${url}`}>
      <h3>Deliveries to {url}</h3>
      {deliveries.isPending && <Loading what="deliveries" />}
      <ErrorNotice error={deliveries.error ?? retry.error} />
      {deliveries.data?.deliveries.length === 0 && <p>No deliveries yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts (time, answer, duration)</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{d.event}</td>
                <td>{d.orderId}</td>
                <td>{d.status}</td>
                <td>
                  <ol>
                    {d.attempts.map((a, index) => (
                      <li key={index}>
                        {formatInstant(a.at)}: {a.statusCode ?? a.error ?? 'no answer'} in {a.durationMs} ms
                      </li>
                    ))}
                  </ol>
                </td>
                <td>
                  <button
                    type="button"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(d.id)}
                    aria-label={`Send again: delivery ${d.id}`}
                  >
                    Send again
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
