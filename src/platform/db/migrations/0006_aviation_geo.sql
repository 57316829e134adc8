-- Radius search, tighter: a (latitude, longitude) index can only seek on latitude, so a 100 km
-- box still walked every airport of its latitude band around the whole globe. With the whole
-- degree of latitude as the leading column, the search descends once per degree band
-- (`lat_band = any(...)`) and reads only the box's longitude range in each.
alter table aviation_airports add column lat_band smallint generated always as (floor(latitude)::smallint) stored;
create index aviation_airports_band_idx on aviation_airports (lat_band, longitude);
drop index aviation_airports_geo_idx;
