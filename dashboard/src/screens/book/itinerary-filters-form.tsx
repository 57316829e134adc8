import { airlineText, type AirlineNames } from '../../lib/carriers';
import {
  NO_FILTERS,
  SORTS,
  TIME_WINDOW_NAMES,
  TIME_WINDOWS,
  type FilterChoices,
  type ItineraryFilters,
  type SortKey,
  type Stops,
  type TimeWindow,
} from '../../lib/itinerary-filters';

type TimeFilter = 'departure' | 'arrival' | 'returnDeparture' | 'returnArrival';

const STOPS_TEXT: Record<Stops, string> = { '0': 'Non-stop', '1': '1 stop', '2+': '2+ stops' };

/** The values of a list filter with `value` ticked or unticked. */
const toggled = <T,>(values: readonly T[], value: T, on: boolean): T[] =>
  on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);

/**
 * The list's filters and sort: each change shows the list at once (the URL keeps it). Choices are
 * what the offers hold (airlines by name, brands, stops); times are local, the outbound's and, for a
 * round trip, the return journey's.
 */
export function ItineraryFiltersForm({
  filters,
  sort,
  choices,
  names,
  onChange,
}: {
  filters: ItineraryFilters;
  sort: SortKey;
  choices: FilterChoices;
  names: AirlineNames;
  onChange: (filters: ItineraryFilters, sort: SortKey) => void;
}) {
  const set = (next: Partial<ItineraryFilters>) => onChange({ ...filters, ...next }, sort);
  const box = (key: string, label: string, checked: boolean, change: (on: boolean) => void) => (
    <label key={key} className="check">
      <input type="checkbox" checked={checked} onChange={(e) => change(e.target.checked)} />
      {label}
    </label>
  );
  const times = (legend: string, key: TimeFilter) => (
    <fieldset>
      <legend>{legend}</legend>
      {TIME_WINDOW_NAMES.map((w) =>
        box(w, TIME_WINDOWS[w].label, filters[key].includes(w), (on) => set({ [key]: toggled<TimeWindow>(filters[key], w, on) })),
      )}
    </fieldset>
  );
  return (
    <form className="itinerary-filters" aria-label="Filter and sort" onSubmit={(e) => e.preventDefault()}>
      <label>
        Sort by
        <select value={sort} onChange={(e) => onChange(filters, e.target.value as SortKey)}>
          {(Object.keys(SORTS) as SortKey[]).map((key) => (
            <option key={key} value={key}>
              {SORTS[key]}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Airlines</legend>
        {choices.airlines.map((code) =>
          box(code, airlineText(code, names), filters.airlines.includes(code), (on) =>
            set({ airlines: toggled(filters.airlines, code, on) }),
          ),
        )}
      </fieldset>
      <fieldset>
        <legend>Stops</legend>
        {choices.stops.map((stops) =>
          box(stops, STOPS_TEXT[stops], filters.stops.includes(stops), (on) => set({ stops: toggled(filters.stops, stops, on) })),
        )}
      </fieldset>
      {times('Take-off time (outbound)', 'departure')}
      {times('Landing time (outbound)', 'arrival')}
      {/* Shown for a round trip, or while a linked filter still holds a value, so it can be cleared. */}
      {(choices.returnJourney || filters.returnDeparture.length > 0) && times('Take-off time (return)', 'returnDeparture')}
      {(choices.returnJourney || filters.returnArrival.length > 0) && times('Landing time (return)', 'returnArrival')}
      <fieldset>
        <legend>Brands</legend>
        {choices.brands.map((brand) =>
          box(brand, brand, filters.brands.includes(brand), (on) => set({ brands: toggled(filters.brands, brand, on) })),
        )}
      </fieldset>
      <fieldset>
        <legend>Fare</legend>
        {box('bags', 'Checked bag included', filters.bags, (on) => set({ bags: on }))}
        {box('refundable', 'Refundable only', filters.refundable, (on) => set({ refundable: on }))}
      </fieldset>
      <button type="button" onClick={() => onChange(NO_FILTERS, sort)}>
        Clear filters
      </button>
    </form>
  );
}
