import { airlineText, type AirlineNames } from '../../lib/carriers';
import {
  NO_FILTERS,
  SORTS,
  TIME_WINDOW_NAMES,
  TIME_WINDOWS,
  type ItineraryFilters,
  type SortKey,
  type Stops,
} from '../../lib/itinerary-filters';

const STOPS_TEXT: Record<Stops, string> = { '0': 'Non-stop', '1': '1 stop', '2+': '2+ stops' };

/** The values of a list filter with `value` ticked or unticked. */
const toggled = <T,>(values: readonly T[], value: T, on: boolean): T[] =>
  on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);

/**
 * The list's filters and sort: each change shows the list at once (the URL keeps it). Choices are
 * what the offers hold (airlines by name, brands, stops); times are the outbound's, local.
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
  choices: { airlines: string[]; brands: string[]; stops: Stops[] };
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
      <fieldset>
        <legend>Take-off time (outbound)</legend>
        {TIME_WINDOW_NAMES.map((w) =>
          box(w, TIME_WINDOWS[w].label, filters.departure.includes(w), (on) =>
            set({ departure: toggled(filters.departure, w, on) }),
          ),
        )}
      </fieldset>
      <fieldset>
        <legend>Landing time (outbound)</legend>
        {TIME_WINDOW_NAMES.map((w) =>
          box(w, TIME_WINDOWS[w].label, filters.arrival.includes(w), (on) => set({ arrival: toggled(filters.arrival, w, on) })),
        )}
      </fieldset>
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
