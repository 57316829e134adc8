/**
 * The webhook body as the contract gives it (../shared/spec/interface.md), written here and not
 * imported from src/webhooks/delivery/body.ts so that a test can catch the code drifting from it:
 * the fields of a lifecycle event, and of the ticketing-deadline reminder, in the order sent.
 */
export const LIFECYCLE_BODY_KEYS = [
  'event',
  'order_id',
  'pnr',
  'airline',
  'status',
  'origin',
  'destination',
  'currency',
  'total',
  'occurred_at',
] as const;
export const REMINDER_BODY_KEYS = ['order_id', 'pnr', 'airline', 'ticketing_deadline'] as const;

/** The keys of the body sent for `event`, in order. */
export function expectedBodyKeys(event: string): readonly string[] {
  return event === 'order.ticketing_deadline_approaching' ? REMINDER_BODY_KEYS : LIFECYCLE_BODY_KEYS;
}
