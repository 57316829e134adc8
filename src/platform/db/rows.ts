import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tables } from './tables.js';

/**
 * Row types derived from the one declaration in tables.ts, so a migration that adds a column
 * changes them all at once instead of a hand-kept copy per store.
 */

export type TableName = keyof Tables;
/** A whole row as `select *` returns it. */
export type Row<T extends TableName> = Selectable<Tables[T]>;
/** What an insert must (and may) name: columns with a default or null are optional. */
export type NewRow<T extends TableName> = Insertable<Tables[T]>;
/** What an update may set. */
export type RowUpdate<T extends TableName> = Updateable<Tables[T]>;

// The rows the stores read, by name. A feature's own JSON documents (orders.details, a booking
// intent's booking) are typed by that feature through FeatureDocuments (tables/column-types.ts).
export type AgencyRow = Row<'agencies'>;
export type UserRow = Row<'users'>;
export type ApiKeyRow = Row<'api_keys'>;
export type SecurityEventRow = Row<'security_events'>;
export type AviationSourceRow = Row<'aviation_sources'>;
export type SessionRow = Row<'sessions'>;
export type LoginChallengeRow = Row<'login_challenges'>;
export type AgencyInviteRow = Row<'agency_invites'>;
export type AirlineHealthRow = Row<'airline_health'>;
export type OrderRow = Row<'orders'>;
export type OrderHistoryRow = Row<'order_history'>;
export type IdempotencyKeyRow = Row<'order_idempotency_keys'>;
export type OrderEventRow = Row<'order_events'>;
export type BookingIntentRow = Row<'order_booking_intents'>;
export type WebhookEndpointRow = Row<'webhook_endpoints'>;
export type WebhookDeliveryRow = Row<'webhook_deliveries'>;
export type WebhookAttemptRow = Row<'webhook_attempts'>;
