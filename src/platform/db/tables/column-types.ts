import type { ColumnType, JSONColumnType } from 'kysely';

/**
 * The column types the table declarations (tables/*.ts) share, and the value lists of text columns
 * with a CHECK. See ../tables.ts for what each JavaScript type stands for.
 */

/**
 * A jsonb column: read parsed, written as JSON text (`JSON.stringify(x)`), because both drivers send
 * a JavaScript array parameter as a PostgreSQL array literal, not as JSON.
 */
export type Json<T extends object> = JSONColumnType<T>;
/** The same, with a column default: may be left out of an insert. */
export type JsonWithDefault<T extends object> = JSONColumnType<T, string | undefined, string>;
/** The same, nullable: may be left out of an insert, or written as null. */
export type NullableJson<T extends object> = JSONColumnType<T | null, string | null, string | null>;

/**
 * The shape of a JSON document a feature owns and builds from its own types (an order's details
 * hold the connector's AirlineOrder). The platform imports no feature, so the owning feature names
 * its shape by merging into this interface, next to its own types:
 *
 *   declare module '../platform/db/tables/column-types.js' {
 *     interface FeatureDocuments { 'orders.details': OrderDetails }
 *   }
 *
 * Until it does, the column reads as `unknown`.
 */
export interface FeatureDocuments {}
type FeatureDocument<Column extends string> = Column extends keyof FeatureDocuments ? FeatureDocuments[Column] : unknown;
export type FeatureJson<Column extends string> = ColumnType<FeatureDocument<Column>, string, string>;

/** A `date` column: read as a Date at midnight, written as `YYYY-MM-DD`. */
export type Day = ColumnType<Date, string, string>;

export type Environment = 'test' | 'live';
export type UserRole = 'owner' | 'admin' | 'developer';
export type ApiKeyKind = 'agency' | 'portal' | 'static';
export type OrderStatusValue = 'hold' | 'ticketed' | 'cancelled' | 'refunded';
export type OrderActorKind = 'api_key' | 'portal_user' | 'support' | 'airline' | 'system';
export type OrderEventValue =
  | 'order.created'
  | 'order.ticketed'
  | 'order.updated'
  | 'order.cancelled'
  | 'order.refunded'
  | 'order.ticketing_deadline_approaching';
