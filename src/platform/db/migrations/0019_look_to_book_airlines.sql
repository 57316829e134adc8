-- Look-to-book per airline: how many searches reached each airline for an agency (cache hits never
-- reach one), and how many of its bookings each airline confirmed, per UTC day. An airline measures
-- an agency's look-to-book on its own traffic, so the agency-wide count of look_to_book_daily is not
-- enough once a search fans out to several. Searches are added in batches by the gateway
-- (src/shopping/look-to-book.ts); bookings in the booking's own transaction (src/orders/booking/).
create table look_to_book_airline_daily (
  agency_id text not null references agencies (id),
  airline text not null,
  day date not null,
  searches bigint not null default 0,
  bookings bigint not null default 0,
  primary key (agency_id, airline, day)
);
