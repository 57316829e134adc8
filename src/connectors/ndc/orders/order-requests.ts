import type { Money } from '../../connector-types.js';
import type {
  CardAuthentication,
  ContactInput,
  OrderRef,
  PassengerInput,
  PaymentInput,
  PricedExtra,
  ReshopRequest,
} from '../../order-types.js';
import type { OfferPart } from '../offer-ref.js';
import { CABIN_CODE, type Seller } from '../seller.js';
import type { XmlNode } from '../ndc-xml.js';
import { amountXml, orderMessage } from './order-message.js';

const PTC = { adult: 'ADT', child: 'CHD', infant: 'INF' } as const;
const GENDER = { m: 'M', f: 'F', x: 'X' } as const;

/**
 * A card's 3-D Secure 2 result as 21.3's SecurePaymentVersion2, with the protocol version in
 * SecureProgram's EnrollmentStatusText as VS writes it (orderchangeRQ_paid_seats_3DS2.xml:
 * `CardEnrolled3DS2.1.0`). Order-operations hands one only to an airline that carries it.
 */
function securePayment(auth: CardAuthentication | undefined): XmlNode {
  if (!auth) return {};
  return {
    SecurePaymentVersion2: {
      AuthenticationValue: auth.authenticationValue,
      DirectoryServerTrxID: auth.directoryServerTransactionId,
      ElectronicCommerceInd: auth.eci,
      TrxStatusText: auth.status,
    },
    SecureProgram: auth.version ? { EnrollmentStatusText: `CardEnrolled3DS${auth.version}` } : undefined,
  };
}

function paymentFunctions(payment: PaymentInput | null, amount: Money | null): XmlNode | undefined {
  if (!payment || payment.type === 'hold' || !amount) return undefined;
  const method: XmlNode =
    payment.type === 'card'
      ? {
          PaymentCard: {
            CardHolderName: payment.card.holderName,
            CardNumber: payment.card.number,
            CardSecurityCode: payment.card.securityCode ?? undefined,
            ExpirationDate: payment.card.expiry,
            ...securePayment(payment.authentication),
          },
        }
      : payment.type === 'airline_credit'
        ? // 21.3's "previously issued accountable travel document ... which has an outstanding credit value": the ticket (T).
          { AccountableDoc: { DateOfIssue: payment.issuedOn ?? undefined, DocNumber: payment.ticketNumber, DocType: 'T' } }
        : // BSP cash: the agency settles through its IATA settlement plan.
          { SettlementPlan: { PaymentTypeCode: 'CA' } };
  return { PaymentProcessingDetails: { Amount: amountXml(amount.amountMinor, amount.currency), PaymentMethod: method } };
}

/** Extras grouped per airline a-la-carte offer, each item naming its passenger and seat. */
function extraOffers(extras: PricedExtra[], owner: string): XmlNode[] {
  const byOffer = new Map<string, PricedExtra[]>();
  for (const x of extras) byOffer.set(x.airlineOfferId, [...(byOffer.get(x.airlineOfferId) ?? []), x]);
  return [...byOffer.entries()].map(([offerId, items]) => ({
    OfferRefID: offerId,
    OwnerCode: owner,
    SelectedOfferItem: items.map((x) => {
      const seat = x.request.kind === 'seat' ? /^(\d+)([A-Z])$/.exec(x.request.designator) : null;
      return {
        OfferItemRefID: x.airlineItemId,
        PaxRefID: x.request.passengerId,
        SelectedALaCarteOfferItem: x.request.kind === 'service' ? { Qty: '1' } : undefined,
        SelectedSeat: seat ? { ColumnID: seat[2]!, SeatRowNumber: seat[1]! } : undefined,
      };
    }) as XmlNode[],
  }));
}

function dataLists(passengers: PassengerInput[], contact: ContactInput): XmlNode {
  return {
    ContactInfoList: {
      ContactInfo: {
        ContactInfoID: 'CTC1',
        EmailAddress: { EmailAddressText: contact.email },
        Phone: contact.phone ? { PhoneNumber: contact.phone } : undefined,
      },
    },
    PaxList: {
      Pax: passengers.map((p, i) => ({
        ContactInfoRefID: i === 0 ? 'CTC1' : undefined,
        Individual: {
          Birthdate: p.bornOn,
          GenderCode: p.gender ? GENDER[p.gender] : undefined,
          GivenName: p.givenName,
          Surname: p.familyName,
        },
        PaxID: p.passengerId,
        PTC: PTC[p.type],
      })) as XmlNode[],
    },
  };
}

export function orderCreateRequest(
  seller: Seller,
  input: {
    parts: OfferPart[];
    passengers: PassengerInput[];
    contact: ContactInput;
    extras: PricedExtra[];
    payment: PaymentInput;
    amount: Money | null;
    sellerReference?: string | null;
  },
): string {
  const allPax = input.passengers.map((p) => p.passengerId);
  const main: XmlNode[] = input.parts.map((part) => ({
    OfferRefID: part.offerId,
    OwnerCode: part.owner,
    SelectedOfferItem: part.items.map((item) => ({
      OfferItemRefID: item.id,
      PaxRefID: item.pax.length > 0 ? item.pax : allPax,
    })) as XmlNode[],
  }));
  const extrasTotal = input.extras.reduce((s, x) => s + x.price.amountMinor, 0);
  const amount = input.amount ? { ...input.amount, amountMinor: input.amount.amountMinor + extrasTotal } : null;
  return orderMessage('IATA_OrderCreateRQ', seller, 'Request', {
    BookingRef: input.sellerReference ? sellerBookingRef(seller, input.sellerReference) : undefined,
    CreateOrder: {
      AcceptSelectedQuotedOfferList: {
        SelectedPricedOffer: [...main, ...extraOffers(input.extras, input.parts[0]!.owner)],
      },
    },
    DataLists: dataLists(input.passengers, input.contact),
    PaymentFunctions: paymentFunctions(input.payment, amount),
  });
}

const orderKey = (ref: OrderRef): XmlNode => ({ OrderID: ref.airlineOrderId, OwnerCode: ref.owner });

/**
 * The seller's own booking reference: 21.3's Request/BookingRef with the seller organisation as
 * the booking entity. The airline keeps it on the order, and OrderRetrieve can filter by it.
 */
function sellerBookingRef(seller: Seller, reference: string): XmlNode {
  return { BookingEntity: { Org: { Name: seller.name, OrgID: seller.orgId } }, BookingID: reference };
}

/** OrderRetrieve by the seller's booking reference (BookingRefFilterCriteria naming the seller). */
export function orderBySellerReferenceRequest(seller: Seller, reference: string): string {
  return orderMessage('IATA_OrderRetrieveRQ', seller, 'Request', {
    OrderValidationFilterCriteria: {
      BookingRefFilterCriteria: { BookingID: reference, Org: { Name: seller.name, OrgID: seller.orgId } },
    },
  });
}

export function orderRetrieveRequest(seller: Seller, ref: OrderRef): string {
  return orderMessage('IATA_OrderRetrieveRQ', seller, 'Request', {
    OrderValidationFilterCriteria: { OrderFilterCriteria: orderKey(ref) },
  });
}

export function orderQuoteRequest(seller: Seller, ref: OrderRef): string {
  return orderMessage('IATA_OrderQuoteRQ', seller, 'Payload', { ExistingOrder: orderKey(ref) });
}

/** OrderReshop asking what cancelling the whole order would refund (21.3 has no OrderCancel). */
export function cancelQuoteRequest(seller: Seller, ref: OrderRef): string {
  return orderMessage('IATA_OrderReshopRQ', seller, 'Request', {
    OrderRefID: ref.airlineOrderId,
    UpdateOrder: { CancelOrderRef: { OrderRefID: ref.airlineOrderId } },
  });
}

/**
 * OrderReshop asking what cancelling part of the order would refund: 21.3's ServiceOrder with
 * DeleteOrderItem alone (no AddOfferItems), RetainServiceID naming what stays of a partly deleted item.
 */
export function partialCancelQuoteRequest(
  seller: Seller,
  ref: OrderRef,
  deletions: { OrderItemRefID: string; RetainServiceID?: string[] }[],
): string {
  return orderMessage('IATA_OrderReshopRQ', seller, 'Request', {
    OrderRefID: ref.airlineOrderId,
    UpdateOrder: {
      ReshopOrder: { ReshopOrderChoice: { ServiceOrder: { DeleteOrderItem: deletions as unknown as XmlNode[] } } },
    },
  });
}

/**
 * OrderReshop for new flights: the order's flight items deleted whole (the whole itinerary), or,
 * changing one journey, each with RetainServiceID naming its services on the journeys that stay
 * (partial-cancel.ts's deletions), and the criteria of the new journey only.
 */
export function reshopRequest(
  seller: Seller,
  ref: OrderRef,
  request: ReshopRequest,
  deletions: { OrderItemRefID: string; RetainServiceID?: string[] }[],
): string {
  return orderMessage('IATA_OrderReshopRQ', seller, 'Request', {
    OrderRefID: ref.airlineOrderId,
    UpdateOrder: {
      ReshopOrder: {
        ReshopOrderChoice: {
          ServiceOrder: {
            AddOfferItems: {
              FlightRequest: {
                FlightRequestOriginDestinationsCriteria: {
                  OriginDestCriteria: request.slices.map((s) => ({
                    CabinType: request.cabin
                      ? { CabinTypeCode: CABIN_CODE[request.cabin], PrefLevel: { PrefLevelCode: 'Required' } }
                      : undefined,
                    DestArrivalCriteria: { IATA_LocationCode: s.destination },
                    OriginDepCriteria: { Date: s.departureDate, IATA_LocationCode: s.origin },
                  })) as XmlNode[],
                },
              },
            },
            DeleteOrderItem: deletions as unknown as XmlNode[],
          },
        },
      },
    },
  });
}

type ChangeChoice =
  | { kind: 'extras'; extras: PricedExtra[] }
  | { kind: 'reshop'; offerIds: string[] }
  | { kind: 'cancel'; offerId: string }
  | { kind: 'accept-change'; itemIds: string[] }
  | { kind: 'none' };

export function orderChangeRequest(
  seller: Seller,
  ref: OrderRef,
  choice: ChangeChoice,
  /** What the change pays, if anything: the airline is told the amount and how it is paid. */
  { payment = null, amount = null }: { payment?: PaymentInput | null; amount?: Money | null } = {},
): string {
  let changeChoice: XmlNode | undefined;
  if (choice.kind === 'extras' && choice.extras.length > 0)
    changeChoice = { AcceptSelectedQuotedOfferList: { SelectedPricedOffer: extraOffers(choice.extras, ref.owner) } };
  if (choice.kind === 'reshop') changeChoice = { AcceptRepricedOrder: { OfferRefID: choice.offerIds } };
  if (choice.kind === 'cancel') changeChoice = { AcceptCancelledOffer: { OfferID: choice.offerId, OwnerCode: ref.owner } };
  // 21.3's answer to an OrderChangeNotifRQ: "accept a change ... when requested by the airline".
  if (choice.kind === 'accept-change') changeChoice = { AcceptChange: { OrderItemRefID: choice.itemIds } };
  return orderMessage('IATA_OrderChangeRQ', seller, 'Request', {
    ChangeOrderChoice: changeChoice,
    Order: orderKey(ref),
    PaymentFunctions: paymentFunctions(payment, amount),
  });
}
