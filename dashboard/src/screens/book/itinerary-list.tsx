import { useMemo, useState, type ReactNode } from 'react';
import { useAirlineNames } from '../../data/airline-names';
import { filterChoices, filterItineraries, SORTS, type ItineraryFilters, type SortKey } from '../../lib/itinerary-filters';
import { airlineCodes, groupItineraries } from '../../lib/itineraries';
import { ItineraryFiltersForm } from './itinerary-filters-form';
import { ItineraryRow } from './itinerary-row';
import type { Offer } from './offer-card';

/** Rows shown at first and added by "Show more": a page a reader scans, not every offer at once. */
const PAGE = 20;

/**
 * A search's offers as itineraries with their brands side by side, filtered and sorted as the URL
 * says. Grouping runs once per answer, filtering once per change of filters; only the rows shown
 * are rendered.
 */
export function ItineraryList({
  offers,
  filters,
  sort,
  onChange,
  choose,
}: {
  offers: Offer[];
  filters: ItineraryFilters;
  sort: SortKey;
  onChange: (filters: ItineraryFilters, sort: SortKey) => void;
  choose: (offer: Offer) => ReactNode;
}) {
  const itineraries = useMemo(() => groupItineraries(offers), [offers]);
  const choices = useMemo(() => filterChoices(itineraries), [itineraries]);
  const shown = useMemo(() => filterItineraries(itineraries, filters, sort), [itineraries, filters, sort]);
  const names = useAirlineNames(useMemo(() => airlineCodes(offers), [offers]));
  const [limit, setLimit] = useState(PAGE);
  // Another list (a new search or other filters) starts again at the first page.
  const [limitOf, setLimitOf] = useState(shown);
  if (limitOf !== shown) {
    setLimitOf(shown);
    setLimit(PAGE);
  }
  return (
    <div className="itinerary-results">
      <ItineraryFiltersForm filters={filters} sort={sort} choices={choices} names={names} onChange={onChange} />
      <div>
        <h2 data-testid="itinerary-count">
          {shown.length} of {itineraries.length} itinerar{itineraries.length === 1 ? 'y' : 'ies'} ({offers.length} offer
          {offers.length === 1 ? '' : 's'}), by {SORTS[sort].toLowerCase()}
        </h2>
        {shown.length === 0 && <p>No itinerary matches these filters.</p>}
        {shown.slice(0, limit).map((itinerary) => (
          <ItineraryRow key={itinerary.key} itinerary={itinerary} names={names} choose={choose} />
        ))}
        {shown.length > limit && (
          <button type="button" onClick={() => setLimit(limit + PAGE)}>
            Show {Math.min(PAGE, shown.length - limit)} more of {shown.length - limit}
          </button>
        )}
      </div>
    </div>
  );
}
