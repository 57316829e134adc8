import { Type } from '@sinclair/typebox';

/** One plan of the catalogue (catalogue.ts), as the admin API lists it. */
export const PlanRecord = Type.Object(
  {
    code: Type.String({ description: 'What `planCode` takes on an agency' }),
    name: Type.String(),
    needsPaymentMethod: Type.Boolean({ description: 'Portal keys answer 402 `payment_method_required` while none is on file' }),
    stopsAtAllowance: Type.Boolean({
      description: 'Stops at the free allowance (402 `payment_required`); otherwise requests beyond it are billable',
    }),
    description: Type.String(),
  },
  { $id: 'Plan' },
);

export const PlanList = Type.Object({ plans: Type.Array(PlanRecord) });
