import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { formatMoney } from '../../lib/format';

interface Money {
  amount: number;
  currency: string;
}

/**
 * The API's `ancillaries` quote for a seat or a service, before it is added: what is added, the
 * amount due and the order's new total, then "Add" (the caller's confirm) or "Not now".
 */
export function ExtraQuoteDialog(props: {
  /** "seat" or "service": names the dialog and its buttons. */
  what: string;
  /** What the quote adds, as the quote names it. */
  added: string;
  amountDue: Money;
  total: Money;
  confirming: boolean;
  error: unknown;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog title={`Add this ${props.what}?`} onClose={props.onClose}>
      <dl className="facts" data-testid={`${props.what}-quote`}>
        <dt>{props.what === 'seat' ? 'Seat' : 'Service'}</dt>
        <dd>{props.added}</dd>
        <dt>Amount due</dt>
        <dd>{formatMoney(props.amountDue.amount, props.amountDue.currency)}</dd>
        <dt>New total</dt>
        <dd>{formatMoney(props.total.amount, props.total.currency)}</dd>
      </dl>
      <ErrorNotice error={props.error} />
      <div className="actions">
        <button type="button" disabled={props.confirming} onClick={props.onConfirm}>
          Add {props.what}
        </button>
        <button type="button" onClick={props.onClose}>
          Not now
        </button>
      </div>
    </Dialog>
  );
}
