import { useState, type FormEvent } from 'react';
import { CABINS, type Cabin, type SearchDraft } from '../../lib/book-url';

/** Origin, destination, dates, travellers and cabin; the gateway validates (its 400 sentence is shown). */
export function SearchForm({
  initial,
  busy,
  onSearch,
}: {
  initial: SearchDraft;
  busy: boolean;
  onSearch: (draft: SearchDraft) => void;
}) {
  const [d, setD] = useState<SearchDraft>(initial);
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
