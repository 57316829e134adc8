import { ColumnHeads } from '../components/column-heads';
import { ErrorNotice, Loading } from '../components/error-notice';
import { Link } from '../components/link';
import { UsageChart } from '../components/usage-chart';
import { useAgencyTerms, useUsage } from '../data/agency';
import { useMe } from '../data/me';
import { useOrders } from '../data/orders';
import { useWebhooks } from '../data/webhooks';
import { formatInstant, formatMoney } from '../lib/format';
import { paths } from '../lib/paths';

const RECENT_ORDERS = { environment: 'test', limit: 5 } as const;

/**
 * Who is signed in for which agency; its plan, allowance and requests by day (GET /v1/dev/usage);
 * searches against bookings; its terms and search limits (GET /v1/dev/agency); the newest orders;
 * and the health of its webhook endpoints.
 */
export function Overview() {
  const me = useMe();
  const agency = Boolean(me.data?.agency);
  const hooks = useWebhooks({ enabled: agency });
  const usage = useUsage({ enabled: agency });
  const terms = useAgencyTerms({ enabled: agency });
  const recent = useOrders(RECENT_ORDERS, { enabled: agency });
  const u = usage.data;
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {me.isPending && <Loading what="your account" />}
      <ErrorNotice error={me.error ?? hooks.error} />
      {me.data && (
        <dl className="facts">
          <dt>Signed in as</dt>
          <dd>{me.data.email}</dd>
          <dt>Agency</dt>
          <dd>{me.data.agency ? `${me.data.agency.name} (${me.data.agency.live ? 'live' : 'test only'})` : 'none (operator)'}</dd>
          {me.data.agency && (
            <>
              <dt>Agency id (quote it to support)</dt>
              <dd>
                <code data-testid="agency-id">{me.data.agency.id}</code>
              </dd>
            </>
          )}
          <dt>Role</dt>
          <dd>{me.data.role ?? '—'}</dd>
          <dt>Second factor</dt>
          <dd>
            {me.data.mfa.totp_enabled ? (
              'on'
            ) : (
              <>
                off — <Link to={paths.secondFactorThen(paths.overview)}>protect your account with an authenticator app</Link>
              </>
            )}
          </dd>
          {hooks.data && (
            <>
              <dt>Webhook endpoints</dt>
              <dd>
                {hooks.data.webhooks.length} registered, {hooks.data.webhooks.filter((w) => w.disabled_at).length} switched off
              </dd>
            </>
          )}
        </dl>
      )}

      {agency && (
        <>
          <h2>Plan and usage</h2>
          {usage.isPending && <Loading what="usage" />}
          <ErrorNotice error={usage.error} />
          {u && (
            <>
              <dl className="facts">
                <dt>Plan</dt>
                <dd data-testid="plan">{u.plan_code}</dd>
                <dt>Billing period</dt>
                <dd>
                  {formatInstant(u.period_start)} – {formatInstant(u.period_end)}
                </dd>
                <dt>Free allowance left</dt>
                <dd data-testid="allowance-left">
                  {u.allowance.left} of {u.allowance.size} requests
                  {u.allowance.stops_service
                    ? ' (on this plan, once it is used up portal keys answer 402 until another plan is chosen)'
                    : ''}
                </dd>
                <dt>Requests this period</dt>
                <dd data-testid="total-requests">{u.totals.total_requests}</dd>
                <dt>Searches and bookings</dt>
                <dd data-testid="look-to-book">
                  {u.totals.searches} searches, {u.totals.bookings} bookings
                  {u.totals.look_to_book === null ? '' : ` (look-to-book ${u.totals.look_to_book.toFixed(1)})`}
                </dd>
              </dl>
              <h3>Requests by day and surface</h3>
              <UsageChart buckets={u.buckets} />
            </>
          )}

          <h2>Terms and search limits</h2>
          {terms.isPending && <Loading what="the agency's terms" />}
          <ErrorNotice error={terms.error} />
          {terms.data && (
            <dl className="facts" data-testid="agency-terms">
              <dt>Billing status</dt>
              <dd>{terms.data.billing_status}</dd>
              <dt>Payment method on file</dt>
              <dd>{terms.data.payment_method_on_file ? 'yes' : 'no'}</dd>
              <dt>IATA/BSP accreditation number</dt>
              <dd>{terms.data.iata_number ?? 'none (needed to ticket in production)'}</dd>
              <dt>Searches a minute</dt>
              <dd>{terms.data.search_rate_per_minute}</dd>
              <dt>Searches a day</dt>
              <dd>{terms.data.daily_search_ceiling ?? 'no ceiling'}</dd>
              <dt>Searches a billing period</dt>
              <dd>{terms.data.monthly_search_ceiling ?? 'no ceiling'}</dd>
              <dt>Searches per booking (a day)</dt>
              <dd>{terms.data.look_to_book_ceiling ?? 'no ceiling'}</dd>
            </dl>
          )}

          <h2>Recent test orders</h2>
          {recent.isPending && <Loading what="recent orders" />}
          <ErrorNotice error={recent.error} />
          {recent.data && recent.data.orders.length === 0 && <p>No test orders yet.</p>}
          {recent.data && recent.data.orders.length > 0 && (
            <table aria-label="Recent test orders">
              <ColumnHeads names={['Order', 'PNR', 'Status', 'Total', 'Booked']} />
              <tbody>
                {recent.data.orders.map((order) => (
                  <tr key={order.order_id}>
                    <td>
                      <Link to={paths.order(order.order_id)}>{order.order_id}</Link>
                    </td>
                    <td>{order.pnr}</td>
                    <td>{order.status}</td>
                    <td>{formatMoney(order.total, order.currency)}</td>
                    <td>{formatInstant(order.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
