// What Virgin Atlantic says on the wire that American does not: codes, id formats, texts and shapes
// learned from VS's published NDC 21.3.3 samples (../shared/ndc/samples-21.3, named per constant).
// Plain data only; the VS profile turns it into messages. docs/vs-test-system.md lists each difference.

/** `OwnerCode`, `CarrierDesigCode`, `OrgID` of the carrier link (every sample). */
export const VS_OWNER_CODE = 'VS';
/** `CarrierName` in segments and `ParticipatingOrg/Name` in notifications (every sample). */
export const VS_CARRIER_NAME = 'Virgin Atlantic Airways';

/** Ticket numbers: 932 (VS's accounting code) and ten digits, `TicketDocTypeCode` T, coupons `OPE` (orderviewRS_*). */
export const VS_TICKET_PREFIX = '932';
export const VS_TICKET_NUMBER = /^932\d{10}$/;

/** Booking reference (`BookingID`): six letters and digits, e.g. GXTGU5, C4B3IQ (orderviewRS_*). */
export const VS_BOOKING_REF = /^[A-Z0-9]{6}$/;

/**
 * Order id: "VS932", the PNR and the two-digit year of booking, e.g. VS932PSUGNH25, VS932C66PHV23
 * (orderviewRS_*, OC_*); order items are `<OrderID>-<n>` (VS932CIE23Y23-1), and an item reissued by a
 * date change gets an "A" (VS932GXIIN623-1A, orderchangeRS_orderviewRS_change_itinerary_date_multipax.xml).
 */
export const VS_ORDER_ID = /^VS932[A-Z0-9]{6}\d{2}$/;
export const VS_ORDER_ITEM_ID = /^VS932[A-Z0-9]{6}\d{2}-\d+A?$/;
export function vsOrderId(pnr: string, bookedYear: number): string {
  return `VS932${pnr}${String(bookedYear % 100).padStart(2, '0')}`;
}

/**
 * Offer id from shopping and pricing: a UUID, "|", a 22-character base-62 token and a three-digit
 * sequence (a2716059-ee3b-487c-8a63-d72a8c7810a7|fIzRCK7MkSEOW7lyc3skZC001; the 2024-25 samples,
 * AirShoppingRS_Instant_Purchase_Service_Added_Order.xml). Older samples put the token first
 * (shop_with_direct_flight_filter_RS.xml). Offer items are `<OfferID>-<n>`, one per passenger.
 * Reshop offers (cancel and change quotes) are a bare UUID (OC_RFC_OrderReshopCancelRS.xml).
 */
export const VS_OFFER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\|[A-Za-z0-9]{22}\d{3}$/;
export const VS_OFFER_ITEM_ID = /^[0-9a-f-]{36}\|[A-Za-z0-9]{25}-\d+$/;
export const VS_RESHOP_OFFER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * AirShoppingRQ elements VS takes with their children in any order (shown in schema order here):
 * shop_by_departure_time_RQ.xml, shop_by_specific_date_return_journey_RQ.xml, shop_for_multicity_RQ.xml
 * and shop_for_openjaw_itinerary_RQ.xml put IATA_LocationCode before Date and CabinType after
 * DestArrivalCriteria, and the last two carry stray characters between OriginDestCriteria.
 */
export const VS_REQUEST_CHILD_ORDER = {
  OriginDestCriteria: [
    'CabinType',
    'CalendarDateCriteria',
    'ConnectionCriteriaRefID',
    'DestArrivalCriteria',
    'JourneyDurationCriteria',
    'OriginDepCriteria',
    'OriginDestID',
  ],
  OriginDepCriteria: ['Date', 'IATA_LocationCode', 'Time', 'TimeAfterDuration', 'TimeBeforeDuration'],
  DestArrivalCriteria: ['Date', 'IATA_LocationCode', 'Time', 'TimeAfterDuration', 'TimeBeforeDuration'],
} as const;

/** Local ids inside a message (every shopping and order sample). */
export const VS_LOCAL_IDS = {
  pax: { ADT: 'ADULT_', GBE: 'YOUNG_', CHD: 'CHILD_', INF: 'INFANT_' },
  paxJourney: 'JOUR',
  paxSegment: 'SEG',
  datedMarketingSegment: 'DMS',
  datedOperatingSegment: 'DOS',
  datedOperatingLeg: 'DOL',
  priceClass: 'PC',
  service: 'SV',
  checkedBagAllowance: 'BAGA',
  cabinBagAllowance: 'CAB',
  penalty: 'PEN',
} as const;

/** Passenger types VS prices (PaxList/PTC in the samples): GBE is VS's young person, 12-15. */
export const VS_PTCS = ['ADT', 'GBE', 'CHD', 'INF'] as const;
/** ServiceListRS names a child CNN where every other answer says CHD (ServiceList_RS_OfferID.xml). */
export const VS_SERVICE_LIST_CHILD_PTC = 'CNN';

/**
 * Price classes carry Name and PriceClassID, CabinType in most answers, and no Code or Desc
 * (every AirShoppingRS/OfferPriceRS). Brand features come as ServiceDefinitions instead.
 */
export const VS_BRAND_SERVICE_DEFINITIONS = {
  checkedBag: 'Free Checked Bag Allowance',
  cabinBag: 'Free Cabin Bag Allowance',
  amenity: 'Amenity',
} as const;

/** `Amenity` DescTexts by aircraft, as OrderCreateRS_Instant_Purchase_Service_Added_Order.xml lists them. */
export const VS_AMENITY_TEXTS = [
  'Alcohol & beverages provided',
  'Seatback on-demand video',
  'Meals and drinks included',
  'Power & USB outlets',
  'Basic web browsing (fee)',
  'Fast web browsing (fee)',
] as const;
export const VS_AIRCRAFT_AMENITY_NAMES: Readonly<Record<string, string>> = { '789': '787 (widebody)', '351': 'A350 (widebody)' };

/** Baggage allowance texts (BaggageAllowance/DescText, shopping samples). */
export const VS_BAGGAGE_TEXTS = {
  checked23: '23KG 90X75X43CM TOTAL 208LICM',
  checked32: 'UPTO70LB 32KG AND81LI 208LCM',
  cabinEconomy: 'HAND BAGGAGE 10KG UP TO 115LCM',
  cabinUpper: 'HAND BAGGAGE 12KG MAX 16KG',
  partnerNote:
    'The baggage information displayed applies to Virgin Atlantic Operated codeshare flights.For partner airline baggage, please visit our partners website for further information',
} as const;

/**
 * Seat services: RFIC, RFISC, ServiceCode, name and the economy seat map's price (seatavailabilityRS_single_seat_map.xml:
 * Preferred GBP 35.00, Exit GBP 75.00, Standard 0.00; a preferred seat sold in an order at 35.00 in
 * orderviewRS_paid_seats_and_FF_number.xml). Their ServiceDefinitionIDs (Seat01, Seat02...) are
 * numbered per answer.
 */
export const VS_SEAT_SERVICES = [
  { rfic: 'I', rfisc: 'ASU', serviceCode: 'UPD', name: 'Preferred Seat - Economy Cabin', priceGbp: 3_500, itemNumber: '5_22' },
  { rfic: 'I', rfisc: 'AES', serviceCode: 'EXT', name: 'Exit Seat', priceGbp: 7_500, itemNumber: '7_24' },
  { rfic: 'I', rfisc: '0B5', serviceCode: 'STD', name: 'Standard Seat', priceGbp: 0, itemNumber: '6_23' },
] as const;
/**
 * Seat offers are a-la-carte items of a bare-UUID offer: `<uuid>_FA|<n>_<m>`, a UUID per segment and
 * the product's number pair (`itemNumber` above: Preferred 5_22, Exit 7_24, Standard 6_23 in
 * seatavailabilityRS_single_seat_map.xml); every free seat points to the Standard item at 0.00, and
 * OrderCreate/OrderChange name the item with the seat (ordercreateRQ_paid_seats_and_FF_number.xml,
 * ordercreateRQ_free_seats.xml).
 */
export const VS_SEAT_OFFER_ITEM_ID = /^[0-9a-f-]{36}_FA\|\d+_\d+$/;
/** Exit-seat rule text VS attaches (seatavailabilityRS_*). */
export const VS_EXIT_SEAT_TEXT =
  'They must also be fit and able bodied as in an emergency situation they will need to be able to open the exit door unaided.';

/** Seat map: economy columns (no E), first economy row, exit row on the 787-9 and A350-1000 (seatavailabilityRS_*). */
export const VS_SEAT_MAP = { economyColumns: 'ABCDFGHJK', economyFirstRow: 45, exitRow: 53 } as const;

/** Special service requests VS lists in ServiceListRS (ServiceCode and Name, ServiceListRS_Instant_Purchase_…). */
export const VS_SSR_SERVICES: Readonly<Record<string, string>> = {
  AVML: 'Asian Vegetarian Meal',
  BBML: 'Baby Meal',
  CHML: 'Childs Meal',
  DBML: 'Diabetic Meal',
  FPML: 'Fruit Plate Meal',
  GFML: 'Gluten Free Meal',
  HNML: 'Hindu Meal',
  KSML: 'Kosher Meal',
  LCML: 'Low Calorie',
  LFML: 'Low Fat Meal',
  LSML: 'Low Sodium Meal',
  PUML: 'Pureed Meal',
  VGML: 'Vegetarian Vegan Meal',
  VJML: 'Vegetarian Jain Meal',
  VLML: 'Vegetarian Meal - Dairy',
  BLND: 'Blind Customer',
  DEAF: 'Deaf Customer',
  DPNA: 'Person With A Disability Needing Assistance',
  WCBD: 'Dry Cell Battery Wheelchair',
  WCBW: 'Wet Cell Battery Wheelchair',
  WCHC: 'Wheelchair - Psgr Completely Immobile',
  WCHR: 'Wheelchair - Psgr Can Use Steps And Get To Seat/Cannot Walk Long Distances',
  WCHS: 'Wheelchair - Psgr Cannot Use Steps Or Walk Long Distances/Can Get To Seat',
  WCLB: 'Wheelchair Lithium Ion Battery',
  WCMP: 'Wheelchair - Manual Power',
  WCNO: 'Psgr With Wheelchair Does Not Require Assistance',
};
/** ServiceDefinitionID prefixes: meals Meal01…, assistance Disable01…, seats Seat01…, bags BAGSRV1, brand SRV1. */
export const VS_SERVICE_DEFINITION_IDS = {
  meal: 'Meal',
  assistance: 'Disable',
  seat: 'Seat',
  bag: 'BAGSRV',
  brand: 'SRV',
} as const;

/**
 * Payment: cards only. `PaymentMethodCriteria/PaymentTypeCode` CC in OrderCreate; `PaymentProcessingDetails`
 * with Amount, Payer name, PaymentCard (CardTypeText CA / VI, CardNumber, CardSecurityCode, ExpirationDate
 * MMYY, CardholderAddress) and 3-D Secure 2 (SecurePaymentVersion2) data when the seller authenticated
 * the card (OrderCreateRQ_Instant_Purchase_Service_Added_Order.xml, orderchangeRQ_paid_seats_3DS2.xml).
 */
export const VS_PAYMENT = { typeCode: 'CC', cardTypes: ['CA', 'VI'], threeDsVersion: '2.1.0' } as const;

/**
 * Hold: an OrderCreate without payment gives a CONFIRMED unticketed order paid by the
 * PaymentTimeLimitDateTime, 23:59 UTC on the third day after shopping (offer expiring
 * 2024-08-16T12:08:31Z → 2024-08-19T23:59:00Z in AirShoppingRS_Instant_Purchase_Service_Added_Order.xml;
 * 2023-04-24T17:53:09Z → 2023-04-27T23:59:00 in shop_calendar_search_RS.xml), on every
 * offer item; OrderChange with PaymentFunctions confirms it (orderchangeRQ_confirm_held_booking_*).
 */
export const VS_HOLD = { daysAfterShopping: 3, timeOfDayUtc: '23:59:00' } as const;

/**
 * Order change notifications (ocn_time_change_rq.xml, ocn_flight_cancel_rq.xml): DistributionChain with VS
 * as Carrier (ordinal 1) and the Seller (ordinal 2); Notification/ChangeGroup/ChangeOperationGroup with
 * one ChangeOperation (ChangeDateTime, ChangeTypeCode, New, Old, ReasonCode) and the OrderVersionNumber.
 * A cancelled flight's segments answer StatusCode CANCELLED in both New and Old.
 */
export const VS_NOTIFICATION_CODES = {
  timeChange: { changeTypeCode: '2', reasonCode: '100' },
  flightCancelled: { changeTypeCode: '3', reasonCode: '116' },
} as const;

/**
 * Cancelling: OrderReshopRQ with UpdateOrder/CancelOrderRef/OrderRefID (identical for both cases), then
 * OrderChangeRQ with ChangeOrderChoice/AcceptCancelledOffer (the reshop offer's bare UUID, OwnerCode VS)
 * and no payment. The reshop answer's DiffPrice carries DifferentialTypeCode Refund and the amount due
 * by the airline, with negative BaseAmount and per-tax amounts (taxes named in DescText, no TaxCode):
 * - refundable (OC_RFC_*: Economy Classic Flex): everything back, no PenaltyList;
 * - non-refundable (OC_NonRFC_*: Economy Classic): a PenaltyList with one "Adult Cancellation Penalty"
 *   (PenaltyID PEN1-REFUND, TypeCode Cancellation, GBP 250.00) deducted from the amount due.
 * After OrderChange the order is CLOSED and its items CANCELLED.
 */
export const VS_CANCEL = {
  penaltyText: 'Adult Cancellation Penalty',
  penaltyId: 'PEN1-REFUND',
  penaltyTypeCode: 'Cancellation',
  differentialTypeCode: 'Refund',
  orderStatusAfter: 'CLOSED',
  itemStatusAfter: 'CANCELLED',
} as const;

/** Fare component restriction texts and stages (every AirShoppingRS). */
export const VS_FARE_RULE_TEXTS = {
  journeyStages: ['Prior To Departure', 'After Departure'],
  cancelNotPermittedPrefix: 'ANY TIME CANCELLATIONS NOT PERMITTED - ',
  fareTypeCode: '70J',
} as const;

/**
 * Errors: no VS sample carries an `Error`. The VS profile answers with the NDC 21.3 `Error` shape (Code,
 * DescText, LangCode, OwnerName, StatusText, TagText, TypeCode) and IATA code list values; these are the
 * codes it uses, with VS as owner, in VS's capitalised wording style.
 */
export const VS_ERROR_CODES = {
  noFlights: { code: '325', typeCode: 'PRC', text: 'No availability for the requested journey' },
  offerExpired: { code: '325', typeCode: 'DME', text: 'Offer has expired or is invalid' },
  orderNotFound: { code: '304', typeCode: 'DME', text: 'Order not found' },
  holdNotAllowed: { code: '325', typeCode: 'PRC', text: 'Hold is not available for this offer' },
  schemaInvalid: { code: '911', typeCode: 'PRC', text: 'Request failed schema validation' },
  unavailable: { code: '911', typeCode: 'PRC', text: 'The service is temporarily unavailable' },
} as const;
