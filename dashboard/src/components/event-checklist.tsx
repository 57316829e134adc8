import { WEBHOOK_EVENTS } from '../lib/webhook-events';

/**
 * The events an endpoint is subscribed to, as a checklist of the six names. "Every event" is the
 * empty list (the API's meaning), so ticking it clears the others and ticking any event unticks it.
 */
export function EventChecklist({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: readonly string[];
  onChange: (events: string[]) => void;
}) {
  const toggle = (event: string, on: boolean) => {
    const next = on ? [...value, event] : value.filter((e) => e !== event);
    // In the contract's order, whatever order they were ticked in.
    onChange(WEBHOOK_EVENTS.filter((e) => next.includes(e)));
  };
  return (
    <fieldset className="event-checklist">
      <legend>{legend}</legend>
      <label className="check">
        <input type="checkbox" checked={value.length === 0} onChange={(e) => e.target.checked && onChange([])} />
        Every event
      </label>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="check">
          <input type="checkbox" checked={value.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
          <code>{event}</code>
        </label>
      ))}
    </fieldset>
  );
}
