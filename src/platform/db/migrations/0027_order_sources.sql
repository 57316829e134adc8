-- Sources and airlines told apart (docs/connectors.md, "Sources and airlines"): an order names the
-- source that booked it (the connector its operations go to: AA, VS, DUFFEL) beside its owner
-- airline (`airline`, an IATA code). Every order booked before was booked by its airline directly,
-- so its source is its airline. The airline's own order id is unique per source.
alter table orders add column source text;
update orders set source = airline;
alter table orders alter column source set not null;
create unique index orders_source_ref_key on orders (source, environment, airline_order_id);
drop index orders_airline_ref_key;
