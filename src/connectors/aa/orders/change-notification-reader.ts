import { failure, fail, ok, type ConnectorResult } from '../../connector-failure.js';
import type { ChangeNotification } from '../../change-notification.js';
import { list, node, parseXml, text } from '../ndc-xml.js';

/** ChangeTypeCode of a 21.3 ChangeOperation, as the IATA samples use them. */
const KINDS: Record<string, ChangeNotification['kinds'][number]> = { '2': 'schedule_change', '3': 'flight_cancelled' };

/**
 * An IATA_OrderChangeNotifRQ from AA: which orders changed (OrderID, PNR, version) and how. The
 * body was size-bounded by the route before it got here; anything that is not a well-formed
 * notification naming at least one order is refused, with a sentence saying what is missing.
 */
export function readChangeNotification(xml: string): ConnectorResult<ChangeNotification> {
  let root: Record<string, unknown>;
  try {
    root = parseXml(xml);
  } catch (err) {
    return fail(failure('bad_response', `the notification is not well-formed XML (${(err as Error).message})`));
  }
  const message = root.IATA_OrderChangeNotifRQ;
  if (message === undefined) return fail(failure('bad_response', 'the body is not an IATA_OrderChangeNotifRQ'));
  const rq = node(message);
  const carrier = list(node(rq.DistributionChain).DistributionChainLink).find((l) => text(l.OrgRole) === 'Carrier');
  const carrierId = text(node(carrier?.ParticipatingOrg).OrgID);
  if (carrierId !== null && carrierId !== 'AA')
    return fail(failure('refused', `the notification comes from carrier ${carrierId}, not AA`));
  const groups = list(node(rq.Notification).ChangeGroup).flatMap((g) => list(g.ChangeOperationGroup));
  const orders = new Map<string, ChangeNotification['orders'][number]>();
  const kinds = new Set<ChangeNotification['kinds'][number]>();
  for (const group of groups) {
    const groupVersion = Number(text(group.OrderVersionNumber) ?? NaN);
    for (const op of list(group.ChangeOperation)) {
      kinds.add(KINDS[text(op.ChangeTypeCode) ?? ''] ?? 'other');
      for (const order of list(node(op.New).Order)) {
        const id = text(order.OrderID);
        if (!id) continue;
        const version = Number(text(order.OrderVersionNumber) ?? groupVersion);
        const pnr =
          list(order.BookingRef)
            .map((r) => text(r.BookingID))
            .find(Boolean) ?? null;
        orders.set(id, { airlineOrderId: id, pnr, version: Number.isInteger(version) ? version : null });
      }
    }
  }
  if (orders.size === 0) return fail(failure('bad_response', 'the notification names no order (New/Order/OrderID)'));
  return ok({ orders: [...orders.values()], kinds: [...kinds] });
}
