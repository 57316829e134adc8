import { useState } from 'react';
import { ErrorNotice } from '../components/error-notice';
import { useCreateOrder, usePriceOffer, useSearchOffers, type BookingEnvironment } from '../data/booking';
import { useMe } from '../data/me';
import { newIdempotencyKey, passengerDrafts, type PassengerDraft } from '../lib/booking';
import { formatInstant, formatMoney } from '../lib/format';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';
import { OfferCard, type Offer } from './book/offer-card';
import { PassengersForm } from './book/passengers-form';
import { SearchForm, searchBody, type SearchDraft } from './book/search-form';

/**
 * Search, choose, price, name the passengers, then hold or pay: the booking lands on the new
 * order's page. Test mode by default; live only where the agency is live and the member may
 * book live (its owners and admins, or support), as the gateway enforces.
 */
export function Book() {
  const me = useMe().data;
  const mayBookLive = !!me?.agency?.live && (me.role === 'owner' || me.role === 'admin' || me.support_session !== null);
  const [environment, setEnvironment] = useState<BookingEnvironment>('test');
  const [travellers, setTravellers] = useState<PassengerDraft[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const search = useSearchOffers();
  const price = usePriceOffer();
  const book = useCreateOrder();

  const onSearch = (draft: SearchDraft) => {
    price.reset();
    book.reset();
    setTravellers(passengerDrafts(draft));
    search.mutate({ body: searchBody(draft), environment });
  };
  const choose = (offer: Offer) => {
    book.reset();
    setIdempotencyKey(newIdempotencyKey());
    price.mutate({ offerId: offer.offer_id, environment });
  };
  const priced = price.data;
  const offers = search.data?.offers ?? [];

  return (
    <section aria-labelledby="book-title">
      <h1 id="book-title">Book</h1>
      <label>
        Environment
        <select
          value={environment}
          onChange={(e) => {
            setEnvironment(e.target.value as BookingEnvironment);
            search.reset();
            price.reset();
          }}
        >
          <option value="test">test (airline test systems)</option>
          <option value="live" disabled={!mayBookLive}>
            live{mayBookLive ? '' : ' (agency live, owner or admin only)'}
          </option>
        </select>
      </label>
      <SearchForm busy={search.isPending} onSearch={onSearch} />
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
            initial={travellers}
            holdable={priced.hold_available}
            airline={priced.airline}
            busy={book.isPending}
            onBook={(body) =>
              book.mutate(
                { body: { ...body, offer_id: priced.offer_id }, environment, idempotencyKey },
                { onSuccess: (order) => navigate(paths.order(order.order_id)) },
              )
            }
          />
          <ErrorNotice error={book.error} />
        </>
      ) : (
        <>
          <ErrorNotice error={price.error} />
          {search.isSuccess && offers.length === 0 && <p role="status">No offers for this search.</p>}
          {offers.length > 0 && (
            <>
              <h2>
                {offers.length} offer{offers.length > 1 ? 's' : ''}, cheapest first
              </h2>
              {offers.map((offer) => (
                <OfferCard
                  key={offer.offer_id}
                  offer={offer}
                  action={
                    <button type="button" disabled={price.isPending} onClick={() => choose(offer)}>
                      {price.isPending && price.variables?.offerId === offer.offer_id ? 'Pricing…' : 'Choose'}
                    </button>
                  }
                />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
