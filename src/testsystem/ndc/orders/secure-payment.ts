// 3-D Secure 2 results in a card payment (PaymentProcessingDetails/PaymentMethod/PaymentCard/
// SecurePaymentVersion2), for an airline that checks them (profile.wire.securePayment 'checked', VS:
// orderchangeRQ_paid_seats_3DS2.xml). The seller ran the authentication; the airline takes the
// payment only with its proof — the authentication value (CAVV), the directory server's
// transaction id, the ECI — and a result of Y (authenticated) or A (attempted, liability shifted).

import type { AirlineProfile } from '../airline-profile.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type XmlObject } from '../wire/ndc-request-parser.js';
import { parseMinor } from '../../../platform/money.js';
import type { SecurePaymentRecord } from './booking-record.js';

/** TrxStatusText values a payment may go on with: authenticated, or attempted. */
const ACCEPTED_STATUS = new Set(['Y', 'A']);
/** ECIs of an authenticated or attempted 3-D Secure 2 payment: Visa/Amex 05/06, Mastercard 02/01. */
const ACCEPTED_ECI = new Set(['05', '06', '02', '01']);

/**
 * The 3-D Secure 2 records of a request's card payments, or the airline's refusal of the first one
 * whose data is incomplete or says the card holder was not authenticated. An airline that does not
 * check them (AA) gets none.
 */
export function securePayments(profile: AirlineProfile, request: XmlObject | undefined): SecurePaymentRecord[] | NdcErrorSpec {
  if (profile.wire.securePayment !== 'checked') return [];
  const records: SecurePaymentRecord[] = [];
  for (const details of list(request, 'PaymentFunctions').flatMap((f) => list(f, 'PaymentProcessingDetails'))) {
    const secure = child(details, 'PaymentMethod', 'PaymentCard', 'SecurePaymentVersion2');
    if (!secure) continue;
    const cavv = text(secure, 'AuthenticationValue');
    const directoryServerTrxId = text(secure, 'DirectoryServerTrxID');
    const eci = text(secure, 'ElectronicCommerceInd');
    const status = text(secure, 'TrxStatusText');
    const refuse = (why: string) => profile.errors.badRequest(`3-D Secure payment refused: ${why}`, 'SecurePaymentVersion2');
    if (!cavv || !directoryServerTrxId || !eci || !status)
      return refuse('AuthenticationValue, DirectoryServerTrxID, ElectronicCommerceInd and TrxStatusText are required');
    if (!ACCEPTED_STATUS.has(status)) return refuse(`card holder not authenticated (TrxStatusText ${status})`);
    if (!ACCEPTED_ECI.has(eci)) return refuse(`ElectronicCommerceInd ${eci} is not an authenticated one`);
    const currency = String(child(details, 'Amount')?.['@CurCode'] ?? 'USD');
    records.push({ directoryServerTrxId, eci, status, cents: parseMinor(text(details, 'Amount') ?? '0', currency) ?? 0 });
  }
  return records;
}
