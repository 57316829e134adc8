-- Orders are found by a passenger's last name (GET /v1/orders?passenger_name=, docs/orders.md): one
-- row per passenger of the booking, keyed by the name folded to compare case- and accent-blind.
-- Written in the same statement as the order (src/orders/order-store.ts); passengers are fixed at
-- booking, so later writes of the order leave the rows alone.

-- The folded form: letters with diacritics as their base letter (é, Ø, ł …), ASCII lower case, and
-- spaces, hyphens, apostrophes and periods dropped ("O'Brien", "obrien" and "O Brien" are one
-- key). The same function folds what is searched, so stored and searched names always agree.
create function passenger_name_key(name text) returns text language sql immutable strict parallel safe as $$
  select lower(translate(name, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳØøŁłĐđĦħı -''’.', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyOoLlDdHhi'))
$$;

create table order_passenger_names (
  order_id text not null references orders (id),
  agency_id text not null,
  environment text not null,
  -- "C": byte order, so a prefix match (like 'dup%') can walk the index whatever the database's locale.
  name_key text collate "C" not null
);
create index order_passenger_names_key_idx on order_passenger_names (agency_id, environment, name_key);
create index order_passenger_names_order_idx on order_passenger_names (order_id);

-- Orders booked before this table: their passengers' last names, from the stored booking.
insert into order_passenger_names (order_id, agency_id, environment, name_key)
select distinct o.id, o.agency_id, o.environment, passenger_name_key(p ->> 'familyName')
from orders o, jsonb_array_elements(o.details -> 'passengers') p
where p ->> 'familyName' is not null;
