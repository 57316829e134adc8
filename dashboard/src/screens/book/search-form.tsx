import { useState, type FormEvent } from 'react';
import type { SearchBody } from '../../data/booking';

type Cabin = NonNullable<SearchBody['cabin']>;
const CABINS: readonly Cabin[] = ['economy', 'premium_economy', 'business', 'first'];

export interface SearchDraft {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string;
  adults: number;
  children: number;
  infants: number;
  cabin: Cabin | '';
}

const EMPTY: SearchDraft = {
  origin: '',
  destination: '',
  departureDate: '',
  returnDate: '',
  adults: 1,
  children: 0,
  infants: 0,
  cabin: '',
};

/** The search as POST /v1/dev/shopping/offers takes it: codes upper-cased, empty options left out. */
export function searchBody(d: SearchDraft): SearchBody {
  return {
    origin: d.origin.trim().toUpperCase(),
    destination: d.destination.trim().toUpperCase(),
    departure_date: d.departureDate,
    adults: d.adults,
    ...(d.returnDate ? { return_date: d.returnDate } : {}),
    ...(d.children ? { children: d.children } : {}),
    ...(d.infants ? { infants: d.infants } : {}),
    ...(d.cabin ? { cabin: d.cabin } : {}),
  };
}

/** Origin, destination, dates, travellers and cabin; the gateway validates (its 400 sentence is shown). */
export function SearchForm({ busy, onSearch }: { busy: boolean; onSearch: (draft: SearchDraft) => void }) {
  const [d, setD] = useState<SearchDraft>(EMPTY);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(d);
  };
  const count = (field: 'adults' | 'children' | 'infants', min: number) => (
    <input
      type="number"
      min={min}
      max={9}
      value={d[field]}
      onChange={(e) => setD({ ...d, [field]: Math.max(min, Number(e.target.value) || 0) })}
    />
  );
  return (
    <form onSubmit={submit} className="row" aria-label="Search flights">
      <label>
        From
        <input
          required
          value={d.origin}
          maxLength={3}
          placeholder="JFK"
          onChange={(e) => setD({ ...d, origin: e.target.value })}
        />
      </label>
      <label>
        To
        <input
          required
          value={d.destination}
          maxLength={3}
          placeholder="LAX"
          onChange={(e) => setD({ ...d, destination: e.target.value })}
        />
      </label>
      <label>
        Departure
        <input required type="date" value={d.departureDate} onChange={(e) => setD({ ...d, departureDate: e.target.value })} />
      </label>
      <label>
        Return (optional)
        <input type="date" value={d.returnDate} onChange={(e) => setD({ ...d, returnDate: e.target.value })} />
      </label>
      <label>
        Adults
        {count('adults', 1)}
      </label>
      <label>
        Children
        {count('children', 0)}
      </label>
      <label>
        Infants
        {count('infants', 0)}
      </label>
      <label>
        Cabin
        <select value={d.cabin} onChange={(e) => setD({ ...d, cabin: e.target.value as Cabin | '' })}>
          <option value="">any</option>
          {CABINS.map((c) => (
            <option key={c} value={c}>
              {c.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </button>
    </form>
  );
}
