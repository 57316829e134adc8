import { Dialog } from '../../components/dialog';
import { ErrorNotice, Loading } from '../../components/error-notice';
import { useCancelQuote, useConfirmCancel } from '../../data/order-servicing';
import { CancellationTerms } from './cancellation-terms';

/**
 * Cancel the whole order: the API's cancellation quote first (what comes back, the penalty, how
 * long the quote holds), then that quote accepted by its id, so what the owner agreed to is what
 * the airline does (`order.cancelled`).
 */
export function CancelOrder({ id }: { id: string }) {
  const quote = useCancelQuote(id);
  const confirm = useConfirmCancel(id, { onSuccess: () => quote.reset() });
  const open = quote.isPending || quote.isSuccess || quote.isError;
  const close = () => (quote.reset(), confirm.reset());
  const q = quote.data;
  return (
    <>
      <button type="button" className="danger" onClick={() => (confirm.reset(), quote.mutate({}))}>
        Cancel order
      </button>
      {!open && <ErrorNotice error={confirm.error} />}
      {open && (
        <Dialog title="Cancel this order?" onClose={close}>
          {quote.isPending && <Loading what="the cancellation quote" />}
          <ErrorNotice error={quote.error ?? confirm.error} />
          {q && <CancellationTerms quote={q} />}
          <p>The airline cancels the whole booking for every passenger.</p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={!q?.cancellation_quote_id || confirm.isPending}
              onClick={() => confirm.mutate(q!.cancellation_quote_id)}
            >
              Cancel order
            </button>
            <button type="button" onClick={close}>
              Keep order
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
