import { Fragment, useState, type FormEvent } from 'react';
import { ColumnHeads } from '../components/column-heads';
import { ErrorNotice, Loading } from '../components/error-notice';
import { Link } from '../components/link';
import { RequestBodiesView } from '../components/request-bodies';
import { useRequests, type RequestListQuery } from '../data/requests';
import { formatInstant } from '../lib/format';
import { currentCursor, firstPage, nextPage, pageNumber, previousPage, type Paging } from '../lib/order-filters';
import { paths } from '../lib/paths';
import {
  NO_REQUEST_FILTERS,
  parseRequestListSearch,
  REQUEST_METHODS,
  requestListQuery,
  requestListSearch,
  type MethodFilter,
  type RequestFilters,
} from '../lib/request-filters';
import { navigate, routeQuery, useRoute } from '../lib/router';

/** A datetime-local field's value as an instant, or '' when empty or not a date. */
function instantOf(local: string): string {
  if (!local) return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** An instant as a datetime-local field shows it (local time, minutes). */
function localOf(iso: string): string {
  const at = new Date(iso);
  if (!iso || Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Copies a request id; the button says so for a moment. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => setCopied(false),
    );
  return (
    <button type="button" className="link-button" aria-label={`Copy request id ${text}`} onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/**
 * The agency's API requests of the last 7 days (`GET /v1/dev/requests`): filters in the URL,
 * keyset pages, a request id filters on itself (or is copied), a path that names an order links to it,
 * and a row opens to show the request's bodies, redacted.
 */
export function Logs() {
  const search = routeQuery(useRoute()).toString();
  const { filters, paging } = parseRequestListSearch(search);
  const show = (f: RequestFilters, p: Paging) => navigate(`${paths.logs}${requestListSearch(f, p)}`);
  const [draft, setDraft] = useState<RequestFilters>(filters);
  const [draftOf, setDraftOf] = useState(search);
  if (draftOf !== search) {
    setDraftOf(search);
    setDraft(filters);
  }
  // The rows opened to show their bodies, by request id.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (requestId: string) =>
    setOpen((was) => {
      const now = new Set(was);
      if (!now.delete(requestId)) now.add(requestId);
      return now;
    });
  const list = useRequests(requestListQuery(filters, currentCursor(paging)) as RequestListQuery);
  const requests = list.data?.requests ?? [];
  const next = list.data?.next_cursor ?? null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    show(draft, firstPage());
  };
  const text = (field: keyof RequestFilters, label: string, placeholder: string, maxLength = 128) => (
    <label>
      {label}
      <input
        value={draft[field]}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
      />
    </label>
  );
  const time = (field: 'since' | 'until', label: string) => (
    <label>
      {label}
      <input
        type="datetime-local"
        value={localOf(draft[field])}
        onChange={(e) => setDraft({ ...draft, [field]: instantOf(e.target.value) })}
      />
    </label>
  );

  return (
    <section aria-labelledby="logs-title">
      <h1 id="logs-title">Logs</h1>
      <p>
        Every request your API keys made in the last 7 days: never headers or query strings. Open a row for its request and
        response bodies (JSON only, secrets and card numbers redacted, 16 KB each, kept a shorter time). New requests appear
        within a few seconds.
      </p>
      <form onSubmit={apply} className="row" aria-label="Filter requests">
        {text('status', 'Status', '200, 4xx, 5xx', 3)}
        <label>
          Method
          <select value={draft.method} onChange={(e) => setDraft({ ...draft, method: e.target.value as MethodFilter })}>
            <option value="">any</option>
            {REQUEST_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        {text('path', 'Path starts with', '/v1/orders', 512)}
        {text('apiKeyId', 'API key id', 'key_…', 100)}
        {text('requestId', 'Request id', 'req_…')}
        {text('errorCode', 'Error code', 'invalid_request', 64)}
        <label>
          Environment
          <select
            value={draft.environment}
            onChange={(e) => setDraft({ ...draft, environment: e.target.value as RequestFilters['environment'] })}
          >
            <option value="">both</option>
            <option value="test">test</option>
            <option value="live">live</option>
          </select>
        </label>
        {time('since', 'From')}
        {time('until', 'Until')}
        <button type="submit">Apply filters</button>
        <button type="button" onClick={() => show(NO_REQUEST_FILTERS, firstPage())}>
          Clear
        </button>
      </form>

      {list.isPending && <Loading what="requests" />}
      <ErrorNotice error={list.error} />
      {list.isSuccess && requests.length === 0 && <p role="status">No requests match these filters.</p>}
      {requests.length > 0 && (
        <table aria-label={`API requests, page ${pageNumber(paging)}`} aria-busy={list.isFetching}>
          <ColumnHeads
            names={[
              'Time',
              'Method',
              'Path',
              'Status',
              'Latency',
              'Key or member',
              'Environment',
              'Request id',
              'Error code',
              'Bodies',
            ]}
          />
          <tbody>
            {requests.map((r) => (
              <Fragment key={`${r.request_id}-${r.at}`}>
                <tr>
                  <td>{formatInstant(r.at)}</td>
                  <td>{r.method}</td>
                  <td title={r.route}>
                    {r.order_id ? <Link to={paths.order(r.order_id)}>{r.path}</Link> : <code>{r.path}</code>}
                  </td>
                  <td className={r.status >= 400 ? 'status-error' : undefined}>{r.status}</td>
                  <td>{r.duration_ms.toFixed(1)} ms</td>
                  {r.api_key ? (
                    <td title={r.api_key.id}>
                      {r.api_key.name ?? r.api_key.id} {r.api_key.prefix && <code>{r.api_key.prefix}</code>}
                    </td>
                  ) : (
                    <td title={r.user?.id}>Dashboard: {r.user?.email ?? r.user?.id}</td>
                  )}
                  <td>{r.environment}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      title="Show only this request"
                      onClick={() => show({ ...filters, requestId: r.request_id }, firstPage())}
                    >
                      {r.request_id}
                    </button>{' '}
                    <CopyButton text={r.request_id} />
                  </td>
                  <td>{r.error_code ?? ''}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-expanded={open.has(r.request_id)}
                      aria-label={`${open.has(r.request_id) ? 'Hide' : 'Show'} the bodies of request ${r.request_id}`}
                      onClick={() => toggle(r.request_id)}
                    >
                      {open.has(r.request_id) ? 'Hide' : 'Show'}
                    </button>
                  </td>
                </tr>
                {open.has(r.request_id) && (
                  <tr className="request-bodies-row">
                    <td colSpan={10}>
                      <RequestBodiesView requestId={r.request_id} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {(pageNumber(paging) > 1 || next) && (
        <nav aria-label="Pages of requests" className="row pager">
          <button type="button" disabled={pageNumber(paging) === 1} onClick={() => show(filters, previousPage(paging))}>
            Previous page
          </button>
          <span>Page {pageNumber(paging)}</span>
          <button type="button" disabled={!next} onClick={() => next && show(filters, nextPage(paging, next))}>
            Next page
          </button>
        </nav>
      )}
    </section>
  );
}
