/** The Logs screen's filters and their place in the URL, kept apart from React so they are unit-tested. */

/** Keyset paging as order-filters.ts keeps it (the cursors walked; stack[0] is the first page's null). */
interface Paging {
  stack: (string | null)[];
}

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type MethodFilter = (typeof REQUEST_METHODS)[number] | '';

export interface RequestFilters {
  /** An exact status (`404`) or a class (`4xx`); '' for any. */
  status: string;
  method: MethodFilter;
  /** Paths starting with this. */
  path: string;
  apiKeyId: string;
  requestId: string;
  errorCode: string;
  environment: 'test' | 'live' | '';
  /** ISO 8601 instants, or ''. */
  since: string;
  until: string;
}

export const NO_REQUEST_FILTERS: RequestFilters = {
  status: '',
  method: '',
  path: '',
  apiKeyId: '',
  requestId: '',
  errorCode: '',
  environment: '',
  since: '',
  until: '',
};

const TEXT_FIELDS = ['status', 'path', 'apiKeyId', 'requestId', 'errorCode', 'since', 'until'] as const;

/** Each text filter's query parameter of `GET /v1/dev/requests`. */
const QUERY_NAMES: Record<(typeof TEXT_FIELDS)[number], string> = {
  status: 'status',
  path: 'path',
  apiKeyId: 'api_key_id',
  requestId: 'request_id',
  errorCode: 'error_code',
  since: 'since',
  until: 'until',
};

/** The query of `GET /v1/dev/requests` for the filters and a page's cursor: empty filters are left out. */
export function requestListQuery(filters: RequestFilters, cursor: string | null, limit = 50) {
  const query: Record<string, string | number> = { limit };
  for (const field of TEXT_FIELDS) {
    const value = filters[field].trim();
    if (value) query[QUERY_NAMES[field]] = field === 'status' ? value.toLowerCase() : value;
  }
  if (filters.method) query.method = filters.method;
  if (filters.environment) query.environment = filters.environment;
  if (cursor) query.cursor = cursor;
  return query;
}

/** The filters and the cursors walked through, in the URL's query string (reload, share, back and forward). */
export function requestListSearch(filters: RequestFilters, paging: Paging): string {
  const params = new URLSearchParams();
  for (const field of TEXT_FIELDS) if (filters[field].trim()) params.set(field, filters[field].trim());
  if (filters.method) params.set('method', filters.method);
  if (filters.environment) params.set('environment', filters.environment);
  for (const cursor of paging.stack.slice(1)) if (cursor) params.append('cursor', cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The inverse of requestListSearch; an unknown method or environment is dropped (the API checks the rest). */
export function parseRequestListSearch(search: string | URLSearchParams): { filters: RequestFilters; paging: Paging } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: RequestFilters = { ...NO_REQUEST_FILTERS };
  for (const field of TEXT_FIELDS) filters[field] = (params.get(field) ?? '').slice(0, 512);
  const method = params.get('method') ?? '';
  filters.method = (REQUEST_METHODS as readonly string[]).includes(method) ? (method as MethodFilter) : '';
  const environment = params.get('environment');
  filters.environment = environment === 'test' || environment === 'live' ? environment : '';
  return { filters, paging: { stack: [null, ...params.getAll('cursor').filter((c) => c !== '')] } };
}
