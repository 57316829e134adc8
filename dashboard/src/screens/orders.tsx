import { useState, type FormEvent } from 'react';
import { ColumnHeads } from '../components/column-heads';
import type { operations } from '../api/schema';
import { ErrorNotice, Loading } from '../components/error-notice';
import { Link } from '../components/link';
import { useOrders } from '../data/orders';
import { sourceText } from '../lib/carriers';
import { formatInstant, formatMoney } from '../lib/format';
import {
  currentCursor,
  firstPage,
  nextPage,
  ORDER_STATUSES,
  orderListQuery,
  orderListSearch,
  pageNumber,
  parseOrderListSearch,
  previousPage,
  type OrderFilters,
  type Paging,
} from '../lib/order-filters';
import { paths } from '../lib/paths';
import { navigate, routeQuery, useRoute } from '../lib/router';

// The status filter offers exactly the statuses the API's description names (order-filters.ts keeps
// its own list, free of the generated types, for its unit tests): a status added to or dropped from
// the contract fails the dashboard's type-check here (test/dashboard/client-drift.test.ts).
type ApiOrderStatus = NonNullable<NonNullable<operations['listDashboardOrders']['parameters']['query']>['status']>;
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type StatusFilterMatchesTheApi = Holds<SameSet<(typeof ORDER_STATUSES)[number], ApiOrderStatus>>;

/** The agency's orders with `GET /v1/orders`' filters and keyset paging, and an order opened by id. */
export function Orders() {
  // The applied filters and the page live in the URL (a reload, a shared link, back and forward).
  const search = routeQuery(useRoute()).toString();
  const { filters, paging } = parseOrderListSearch(search);
  const show = (f: OrderFilters, p: Paging) => navigate(`${paths.orders}${orderListSearch(f, p)}`);
  const [draft, setDraft] = useState<OrderFilters>(filters);
  // Back or forward to another list: the form shows that list's filters again. Set while
  // rendering, as React follows a changed input, rather than in an effect one render late.
  const [draftOf, setDraftOf] = useState(search);
  if (draftOf !== search) {
    setDraftOf(search);
    setDraft(filters);
  }
  const [id, setId] = useState('');
  const query = orderListQuery(filters, currentCursor(paging));
  const list = useOrders(query, { keepPreviousPage: true });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    show(draft, firstPage());
  };
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (id.trim()) navigate(paths.order(id.trim()));
  };
  const orders = list.data?.orders ?? [];
  const next = list.data?.next_cursor ?? '';

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <form onSubmit={apply} className="row" aria-label="Filter orders">
        <label>
          Status
          <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as OrderFilters['status'] })}>
            <option value="">any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Passenger last name
          <input
            type="search"
            value={draft.passengerName ?? ''}
            maxLength={64}
            placeholder="e.g. dupont"
            onChange={(e) => setDraft({ ...draft, passengerName: e.target.value })}
          />
        </label>
        <label>
          PNR
          <input value={draft.pnr} maxLength={6} onChange={(e) => setDraft({ ...draft, pnr: e.target.value })} />
        </label>
        <label>
          Airline
          <input
            value={draft.airline}
            maxLength={2}
            placeholder="any"
            onChange={(e) => setDraft({ ...draft, airline: e.target.value })}
          />
        </label>
        <label>
          Environment
          <select
            value={draft.environment}
            onChange={(e) => setDraft({ ...draft, environment: e.target.value as OrderFilters['environment'] })}
          >
            <option value="test">test</option>
            <option value="live">live</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.hasCredit === true}
            onChange={(e) => setDraft({ ...draft, hasCredit: e.target.checked })}
          />
          With a trip credit
        </label>
        <button type="submit">Apply filters</button>
      </form>

      {list.isPending && <Loading what="orders" />}
      <ErrorNotice error={list.error} />
      {list.isSuccess && orders.length === 0 && <p role="status">No {filters.environment} orders match these filters.</p>}
      {orders.length > 0 && (
        <table aria-label={`${filters.environment} orders, page ${pageNumber(paging)}`} aria-busy={list.isFetching}>
          <ColumnHeads names={['Order', 'Airline', 'Sold', 'PNR', 'Status', 'Route', 'Total', 'Booked']} />
          <tbody>
            {orders.map((order) => (
              <tr key={order.order_id}>
                <td>
                  <Link to={paths.order(order.order_id)}>{order.order_id}</Link>
                </td>
                <td>{order.airline}</td>
                <td>{sourceText(order.airline, order.source)}</td>
                <td>{order.pnr}</td>
                <td>{order.status}</td>
                <td>
                  {order.origin} → {order.destination}
                </td>
                <td>{formatMoney(order.total, order.currency)}</td>
                <td>{formatInstant(order.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(pageNumber(paging) > 1 || next) && (
        <nav aria-label="Pages of orders" className="row pager">
          <button type="button" disabled={pageNumber(paging) === 1} onClick={() => show(filters, previousPage(paging))}>
            Previous page
          </button>
          <span>Page {pageNumber(paging)}</span>
          <button type="button" disabled={!next} onClick={() => show(filters, nextPage(paging, next))}>
            Next page
          </button>
        </nav>
      )}

      <h2>Open an order by id</h2>
      <form onSubmit={open} className="row">
        <label>
          Order id
          <input required value={id} onChange={(e) => setId(e.target.value)} placeholder="AA-ord_…" />
        </label>
        <button type="submit">Open order</button>
      </form>
    </section>
  );
}
