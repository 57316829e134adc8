import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorNotice, Loading } from '../../components/error-notice';
import { useRefund, useRefundEligibility } from '../../data/order-servicing';
import { formatMoney } from '../../lib/format';

/**
 * Refund eligibility → refund: the API's answer (eligible, refundable amount, penalty, reason) in a
 * dialog, then the refund after a confirmation. The refund itself then shows on the order page.
 */
export function RefundAction({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const eligibility = useRefundEligibility(id, { enabled: open });
  const refund = useRefund(id, { onSuccess: () => setOpen(false) });
  const e = eligibility.data;
  return (
    <>
      <button type="button" onClick={() => (refund.reset(), setOpen(true))}>
        Check refund
      </button>
      {!open && <ErrorNotice error={refund.error} />}
      {open && (
        <Dialog title="Refund this order?" onClose={() => setOpen(false)}>
          {eligibility.isPending && <Loading what="the refund eligibility" />}
          <ErrorNotice error={eligibility.error ?? refund.error} />
          {e && (
            <>
              <dl className="facts" data-testid="refund-eligibility">
                <dt>Eligible</dt>
                <dd>{e.eligible ? 'yes' : 'no'}</dd>
                <dt>Refundable amount</dt>
                <dd>{formatMoney(e.refundable_amount.amount, e.refundable_amount.currency)}</dd>
                <dt>Penalty</dt>
                <dd>{formatMoney(e.penalty.amount, e.penalty.currency)}</dd>
                {e.reason && (
                  <>
                    <dt>Why not</dt>
                    <dd>{e.reason}</dd>
                  </>
                )}
              </dl>
              <p>A ticketed order is cancelled at the airline with its refund; the fare conditions keep the penalty.</p>
            </>
          )}
          <div className="actions">
            <button type="button" className="danger" disabled={!e?.eligible || refund.isPending} onClick={() => refund.mutate()}>
              {refund.isPending ? 'Refunding…' : 'Refund order'}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Keep order
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
