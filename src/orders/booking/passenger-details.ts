import { internationalPhone, type PassengerDetailRules } from '../../connectors/passenger-rules.js';
import { badRequest } from '../../platform/errors.js';
import type { CreateOrderBody } from './schemas.js';

type Passengers = NonNullable<CreateOrderBody['passengers']>;

/**
 * The details the source needs on every passenger beyond the contract's (its
 * `Connector.passengerDetails`), checked before any call to it: a gender it takes, a phone number
 * (the passenger's own or `contact.phone`), in international form where it says so. 400
 * `passenger_detail_required` naming `passengers[i].gender`, `passengers[i].phone` or
 * `contact.phone` (the one used), `i` the passenger's place in the body as sent.
 */
export function checkPassengerDetails(
  passengers: Passengers,
  contact: CreateOrderBody['contact'],
  rules: PassengerDetailRules | undefined,
  sourceName: string,
): void {
  if (!rules) return;
  const refuse = (field: string, sentence: string) => {
    throw badRequest(`${field}: ${sentence} (${rules.source})`, 'passenger_detail_required', { field });
  };
  passengers.forEach((p, i) => {
    const taken = rules.genders;
    if (taken && (!p.gender || !taken.includes(p.gender))) {
      const allowed = taken.map((g) => `\`${g}\``).join(' or ');
      refuse(
        `passengers[${i}].gender`,
        p.gender
          ? `${sourceName} takes ${allowed} only, not \`${p.gender}\``
          : `${sourceName} needs each passenger's gender, ${allowed}`,
      );
    }
    if (!rules.phone) return;
    const phone = p.phone ?? contact?.phone;
    const field = p.phone ? `passengers[${i}].phone` : contact?.phone ? 'contact.phone' : `passengers[${i}].phone`;
    if (!phone) refuse(field, `${sourceName} needs a phone number for each passenger: theirs, or contact.phone`);
    if (rules.phone === 'international' && !internationalPhone(phone!)) {
      refuse(field, `${sourceName} needs the phone number in international form, + and the country code (+442071234567)`);
    }
  });
}
