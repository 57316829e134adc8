import { ColumnHeads } from '../../components/column-heads';
import { ErrorNotice } from '../../components/error-notice';
import { useAcknowledgeChanges } from '../../data/order-servicing';
import { formatInstant } from '../../lib/format';

/**
 * What the airline changed on its own (retime, new flight number, cancelled flight), per segment,
 * until the agency accepts it: the segment's accepted values before, its current ones after.
 */

interface ChangedSegment {
  segment_id: string;
  marketing_carrier: string;
  flight_number: string;
  departing_at: string;
  arriving_at: string;
  status: string;
  schedule_change: {
    previous: { flight_number: string; departing_at: string; arriving_at: string; status: string };
    detected_at: string;
    kind: string;
    significant: boolean | null;
  } | null;
}

const KIND: Record<string, string> = {
  cancelled: 'cancelled, no alternative',
  rebooked: 'cancelled, moved to another flight',
  retimed: 'new times',
  renumbered: 'new flight number',
};

/** A date-time shown to the reader, as the API gave it in `dateTime`. */
const At = ({ at }: { at: string }) => <time dateTime={at}>{formatInstant(at)}</time>;

/** Accepting takes the airline's alternative: it is sent to the airline, and ends the involuntary refund. */
function AcceptChanges({ id }: { id: string }) {
  const accept = useAcknowledgeChanges(id);
  return (
    <div className="row" data-testid="order-airline-changes-pending">
      <p>
        Not accepted yet. Accepting takes the new flights; while a cancellation or significant change is pending, the traveller
        may instead refuse it and get a full refund.
      </p>
      <button type="button" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? 'Accepting…' : 'Accept the changes'}
      </button>
      <ErrorNotice error={accept.error} />
    </div>
  );
}

export function AirlineChanges({ id, segments, actions }: { id: string; segments: ChangedSegment[]; actions: string[] }) {
  const changed = segments.flatMap((s) => (s.schedule_change ? [{ ...s, change: s.schedule_change }] : []));
  if (changed.length === 0) return <p>No airline changes pending.</p>;
  return (
    <>
      <table data-testid="order-airline-changes">
        <ColumnHeads names={['Flight', 'Change', 'Significant', 'Departs', 'Arrives', 'Notified']} />
        <tbody>
          {changed.map(({ change, ...s }) => (
            <tr key={s.segment_id}>
              <td>
                {s.marketing_carrier}
                {change.previous.flight_number} →{' '}
                {s.status === 'cancelled' ? 'cancelled' : `${s.marketing_carrier}${s.flight_number}`}
              </td>
              <td>{KIND[change.kind] ?? change.kind}</td>
              <td>{change.significant === null ? 'unknown (aviation data not synced)' : change.significant ? 'yes' : 'no'}</td>
              <td>
                <At at={change.previous.departing_at} /> → <At at={s.departing_at} />
              </td>
              <td>
                <At at={change.previous.arriving_at} /> → <At at={s.arriving_at} />
              </td>
              <td>
                <At at={change.detected_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {actions.includes('accept_change') && <AcceptChanges id={id} />}
    </>
  );
}
