import type { PassengerDetailRules } from '../../connectors/passenger-rules.js';
import { badRequest } from '../../platform/errors.js';
import type { CreateOrderBody } from './schemas.js';

type Passengers = NonNullable<CreateOrderBody['passengers']>;

/**
 * The details the source needs on every passenger beyond the contract's (its
 * `Connector.passengerDetails`), checked before any call to it: a gender it takes, a phone number
 * (the passenger's own or `contact.phone`). 400 `passenger_detail_required` naming
 * `passengers[i].gender` or `passengers[i].phone`, `i` the passenger's place in the body as sent.
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
    if (rules.phone && !p.phone && !contact?.phone) {
      refuse(`passengers[${i}].phone`, `${sourceName} needs a phone number for each passenger: theirs, or contact.phone`);
    }
  });
}
