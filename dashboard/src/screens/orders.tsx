import { useState, type FormEvent } from 'react';
import { navigate } from '../router';

/**
 * Orders are opened by id (the order id a booking answered, or the airline's PNR-bearing id); the
 * portal API has no session list of orders yet (docs/dashboard.md), so the ones opened in this
 * session are kept at hand below.
 */
const opened: string[] = [];

export function rememberOrder(id: string): void {
  if (!opened.includes(id)) opened.unshift(id);
}

export function Orders() {
  const [id, setId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (id.trim()) navigate(`/orders/${encodeURIComponent(id.trim())}`);
  };
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <form onSubmit={submit} className="row">
        <label>
          Order id
          <input required value={id} onChange={(e) => setId(e.target.value)} placeholder="AA-ord_…" />
        </label>
        <button type="submit">Open order</button>
      </form>
      {opened.length > 0 && (
        <>
          <h2>Opened in this session</h2>
          <ul>
            {opened.map((orderId) => (
              <li key={orderId}>
                <a href={`/dashboard/orders/${orderId}`} onClick={(e) => (e.preventDefault(), navigate(`/orders/${orderId}`))}>
                  {orderId}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
