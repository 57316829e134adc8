/** The Orders screen's filters and keyset paging, kept apart from React so they are unit-tested. */

export const ORDER_STATUSES = ['hold', 'ticketed', 'cancelled', 'refunded'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number] | '';

export interface OrderFilters {
  status: OrderStatusFilter;
  pnr: string;
  /** IATA code of the owning airline (`AA`, `VS`), or '' for every airline. */
  airline: string;
  environment: 'test' | 'live';
  /** Only orders holding a trip credit still available (`has_credit=true`); absent or false: any. */
  hasCredit?: boolean;
  /** The beginning of a passenger's last name (`passenger_name`: case- and accent-blind); absent or '': any. */
  passengerName?: string;
}

export const NO_FILTERS: OrderFilters = { status: '', pnr: '', airline: '', environment: 'test' };

/** An airline code as the API takes it, or '' when the text is not one (so it is left out). */
const airlineCode = (text: string): string => {
  const code = text.trim().toUpperCase();
  return /^[A-Z0-9]{2}$/.test(code) ? code : '';
};

/** The last-name search as sent: trimmed, at most the API's 64 characters. */
const passengerName = (filters: OrderFilters): string => (filters.passengerName ?? '').trim().slice(0, 64);

/** The query of `GET /v1/dev/orders` for the filters and a page's cursor: empty filters are left out. */
export function orderListQuery(filters: OrderFilters, cursor: string | null, limit = 20) {
  const pnr = filters.pnr.trim().toUpperCase();
  const airline = airlineCode(filters.airline);
  return {
    environment: filters.environment,
    limit,
    ...(filters.status ? { status: filters.status } : {}),
    ...(pnr ? { pnr } : {}),
    ...(airline ? { airline } : {}),
    ...(filters.hasCredit ? { has_credit: true } : {}),
    ...(passengerName(filters) ? { passenger_name: passengerName(filters) } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/**
 * Keyset pages have no numbers: the cursors of the pages walked through are kept, so "Previous"
 * asks again with the one before. `stack[0]` is null (the first page).
 */
export interface Paging {
  stack: (string | null)[];
}

export const firstPage = (): Paging => ({ stack: [null] });
export const currentCursor = (p: Paging): string | null => p.stack.at(-1) ?? null;
export const nextPage = (p: Paging, nextCursor: string): Paging => ({ stack: [...p.stack, nextCursor] });
export const previousPage = (p: Paging): Paging => (p.stack.length > 1 ? { stack: p.stack.slice(0, -1) } : p);
export const pageNumber = (p: Paging): number => p.stack.length;

/**
 * The list's state in the URL's query string, so a reload, a shared link and back/forward show
 * the same page: `status`, `pnr`, `airline`, `environment` (left out when `test`), `has_credit`, `passenger_name` and one `cursor` per page
 * walked past the first, in order, so "Previous" still works after a reload.
 */
export function orderListSearch(filters: OrderFilters, paging: Paging): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  const pnr = filters.pnr.trim().toUpperCase();
  if (pnr) params.set('pnr', pnr);
  const airline = airlineCode(filters.airline);
  if (airline) params.set('airline', airline);
  if (filters.environment !== 'test') params.set('environment', filters.environment);
  if (filters.hasCredit) params.set('has_credit', 'true');
  if (passengerName(filters)) params.set('passenger_name', passengerName(filters));
  for (const cursor of paging.stack.slice(1)) if (cursor) params.append('cursor', cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The inverse of orderListSearch; a value the API would refuse (an unknown status, a bad airline code) is dropped. */
export function parseOrderListSearch(search: string | URLSearchParams): { filters: OrderFilters; paging: Paging } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = params.get('status') ?? '';
  const environment = params.get('environment');
  const pnr = (params.get('pnr') ?? '').trim().toUpperCase().slice(0, 6);
  return {
    filters: {
      status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatusFilter) : '',
      pnr,
      airline: airlineCode(params.get('airline') ?? ''),
      environment: environment === 'live' ? 'live' : 'test',
      ...(params.get('has_credit') === 'true' ? { hasCredit: true } : {}),
      ...(params.get('passenger_name')?.trim() ? { passengerName: params.get('passenger_name')!.trim().slice(0, 64) } : {}),
    },
    paging: { stack: [null, ...params.getAll('cursor').filter((c) => c !== '')] },
  };
}
