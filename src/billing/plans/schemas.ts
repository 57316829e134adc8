import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';

/** One plan of the catalogue (catalogue.ts), as the admin API lists it. */
export const PlanRecord = withFormerSpellings(
  Type.Object(
    {
      code: Type.String({ description: 'What `plan_code` takes on an agency' }),
      name: Type.String(),
      needs_payment_method: Type.Boolean({
        description: 'Portal keys answer 402 `payment_method_required` while none is on file',
      }),
      stops_at_allowance: Type.Boolean({
        description: 'Stops at the free allowance (402 `payment_required`); otherwise requests beyond it are billable',
      }),
      description: Type.String(),
    },
    { $id: 'Plan' },
  ),
  ['needs_payment_method', 'stops_at_allowance'],
);

export const PlanList = Type.Object({ plans: Type.Array(PlanRecord) });
