import { failure, fail, ok, type ConnectorResult } from '../../connector-failure.js';
import { AIRLINE_REFERENCE, shownReference, type ChangeNotification } from '../../change-notification.js';
import type { NdcAirlineProfile } from '../ndc-airline-profile.js';
import { list, node, parseXml, text } from '../ndc-xml.js';

/**
 * An IATA_OrderChangeNotifRQ from the profile's airline: which orders changed (OrderID, PNR,
 * version) and how (its ChangeTypeCodes, profile.changeKinds). The body was size-bounded by the
 * route before it got here; anything that is not a well-formed notification naming at least one
 * order, that names another carrier, or whose OrderID or BookingID is not an id (AIRLINE_REFERENCE:
 * a `&#0;` reaching SQL was a 500) is refused, with a sentence saying what is wrong.
 */
export function readChangeNotification(
  xml: string,
  profile: Pick<NdcAirlineProfile, 'code' | 'changeKinds'>,
): ConnectorResult<ChangeNotification> {
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
  if (carrierId !== null && carrierId !== profile.code)
    return fail(failure('refused', `the notification comes from carrier ${shownReference(carrierId)}, not ${profile.code}`));
  const groups = list(node(rq.Notification).ChangeGroup).flatMap((g) => list(g.ChangeOperationGroup));
  const orders = new Map<string, ChangeNotification['orders'][number]>();
  const kinds = new Set<ChangeNotification['kinds'][number]>();
  for (const group of groups) {
    const groupVersion = Number(text(group.OrderVersionNumber) ?? NaN);
    for (const op of list(group.ChangeOperation)) {
      kinds.add(profile.changeKinds[text(op.ChangeTypeCode) ?? ''] ?? 'other');
      for (const order of list(node(op.New).Order)) {
        const id = text(order.OrderID);
        if (!id) continue;
        // Every id read here reaches SQL: refused whole, with the id shown escaped, unless it is one.
        if (!AIRLINE_REFERENCE.test(id))
          return fail(
            failure('bad_response', `OrderID ${shownReference(id)} is not an order id (1-100 visible ASCII characters)`),
          );
        const version = Number(text(order.OrderVersionNumber) ?? groupVersion);
        // The record locator on the order (AA), or on its services (VS).
        const refs = list(order.BookingRef).concat(
          list(order.OrderItem)
            .flatMap((i) => list(i.Service))
            .flatMap((sv) => list(sv.BookingRef)),
        );
        const pnr = refs.map((r) => text(r.BookingID)).find(Boolean) ?? null;
        if (pnr !== null && !AIRLINE_REFERENCE.test(pnr))
          return fail(
            failure('bad_response', `BookingID ${shownReference(pnr)} is not a record locator (1-100 visible ASCII characters)`),
          );
        orders.set(id, { airlineOrderId: id, pnr, version: Number.isInteger(version) ? version : null });
      }
    }
  }
  if (orders.size === 0) return fail(failure('bad_response', 'the notification names no order (New/Order/OrderID)'));
  return ok({ orders: [...orders.values()], kinds: [...kinds] });
}
