import { useMemo, useState } from 'react';
import { ErrorNotice, Loading } from '../components/error-notice';
import { useCreateOrder, usePriceOffer, useSearchOffers, type BookingEnvironment } from '../data/booking';
import { useMe } from '../data/me';
import { bookSearch, EMPTY_SEARCH, parseBookSearch, searchBody, type BookView, type SearchDraft } from '../lib/book-url';
import { newIdempotencyKey, passengerDrafts } from '../lib/booking';
import { formatInstant, formatMoney } from '../lib/format';
import { NO_FILTERS } from '../lib/itinerary-filters';
import { paths } from '../lib/paths';
import { navigate, routeQuery, useRoute } from '../lib/router';
import { ItineraryList } from './book/itinerary-list';
import { OfferCard, type Offer } from './book/offer-card';
import { PassengersForm } from './book/passengers-form';
import { SearchForm } from './book/search-form';

/**
 * Search, choose, price, name the passengers, then hold or pay: the booking lands on the new
 * order's page. The search, filters and sort live in the URL (lib/book-url.ts), so a reload or a
 * shared link runs the same search and shows the same list. Test mode by default; live only where
 * the agency is live and the member may book live (its owners and admins, or support), as the
 * gateway enforces.
 */
export function Book() {
  const me = useMe().data;
  const mayBookLive = !!me?.agency?.live && (me.role === 'owner' || me.role === 'admin' || me.support_session !== null);
  const query = routeQuery(useRoute()).toString();
  const view = useMemo(() => parseBookSearch(query), [query]);
  const body = useMemo(() => (view.search ? searchBody(view.search) : null), [view.search]);
  const search = useSearchOffers(body, view.environment);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const price = usePriceOffer();
  const book = useCreateOrder();

  const show = (next: BookView, replace = false) => navigate(`${paths.book}${bookSearch(next)}`, { replace });
  const onSearch = (draft: SearchDraft) => {
    price.reset();
    book.reset();
    // A new search starts unfiltered (its airlines and brands may differ); the same one asks again.
    const next: BookView = { ...view, search: draft, filters: NO_FILTERS };
    if (bookSearch(next) === bookSearch(view)) void search.refetch();
    else show(next);
  };
  const choose = (offer: Offer) => {
    book.reset();
    setIdempotencyKey(newIdempotencyKey());
    price.mutate({ offerId: offer.offer_id, environment: view.environment });
  };
  const priced = price.data;
  const offers = search.data?.offers;
  // The form shows the search in the URL again after back, forward or a link.
  const formKey = bookSearch({ ...view, filters: NO_FILTERS, sort: 'price' });

  return (
    <section aria-labelledby="book-title">
      <h1 id="book-title">Book</h1>
      <label>
        Environment
        <select
          value={view.environment}
          onChange={(e) => {
            price.reset();
            show({ ...view, environment: e.target.value as BookingEnvironment });
          }}
        >
          <option value="test">test (airline test systems)</option>
          <option value="live" disabled={!mayBookLive}>
            live{mayBookLive ? '' : ' (agency live, owner or admin only)'}
          </option>
        </select>
      </label>
      <SearchForm key={formKey} initial={view.search ?? EMPTY_SEARCH} busy={search.isFetching} onSearch={onSearch} />
      <ErrorNotice error={search.error} />

      {priced ? (
        <>
          <h2>Chosen offer, priced by the airline</h2>
          <OfferCard offer={priced} />
          <p>
            Priced {formatInstant(priced.priced_at)}: <strong>{formatMoney(priced.total_amount, priced.currency)}</strong>
            {priced.payment_required_by && <> — a hold must be paid by {formatInstant(priced.payment_required_by)}</>}
          </p>
          {priced.warnings.map((w) => (
            <p key={w} className="notice">
              {w}
            </p>
          ))}
          <button type="button" onClick={() => price.reset()}>
            Back to the offers
          </button>
          <h2>Passengers</h2>
          <PassengersForm
            key={priced.offer_id}
            initial={passengerDrafts(view.search ?? EMPTY_SEARCH)}
            holdable={priced.hold_available}
            airline={priced.airline}
            busy={book.isPending}
            onBook={(order) =>
              book.mutate(
                { body: { ...order, offer_id: priced.offer_id }, environment: view.environment, idempotencyKey },
                { onSuccess: (created) => navigate(paths.order(created.order_id)) },
              )
            }
          />
          <ErrorNotice error={book.error} />
        </>
      ) : (
        <>
          <ErrorNotice error={price.error} />
          {search.isPending && search.fetchStatus === 'fetching' && <Loading what="the offers" />}
          {offers && offers.length === 0 && <p role="status">No offers for this search.</p>}
          {offers && offers.length > 0 && (
            <ItineraryList
              offers={offers}
              filters={view.filters}
              sort={view.sort}
              onChange={(filters, sort) => show({ ...view, filters, sort }, true)}
              choose={(offer) => (
                <button type="button" disabled={price.isPending} onClick={() => choose(offer)}>
                  {price.isPending && price.variables?.offerId === offer.offer_id ? 'Pricing…' : 'Choose'}
                </button>
              )}
            />
          )}
        </>
      )}
    </section>
  );
}
