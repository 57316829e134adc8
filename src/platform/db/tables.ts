import type { Generated } from 'kysely';
import type { IdentityTables } from './tables/identity-tables.js';
import type { AviationTables } from './tables/aviation-tables.js';
import type { PortalTables } from './tables/portal-tables.js';
import type { ShoppingTables } from './tables/shopping-tables.js';
import type { OrderTables } from './tables/order-tables.js';
import type { WebhookTables } from './tables/webhook-tables.js';
import type { BillingTables } from './tables/billing-tables.js';
import type { RequestLogTables } from './tables/request-log-tables.js';

/**
 * Every table of the public schema and every column, declared once by hand from migrations/*.sql
 * (and schema_migrations, which migrate.ts creates), one file per area under tables/. test/platform/db-tables.test.ts migrates a
 * fresh database and fails, naming the column, when this and the migrations disagree: a column on
 * one side only, a nullability, a default, or a JavaScript type that is not what the driver returns.
 *
 * Column types are what both drivers return (database.ts sets the same parsers on PGlite and pg):
 * int2/int4/int8 (count, bigserial) and float8 as number, numeric as string, timestamptz and date as
 * Date, text[] as string[], jsonb parsed. Text columns with a CHECK list are that list's union.
 * `Generated<T>` marks a column with a default: it may be left out of an insert.
 */
export interface Tables
  extends
    IdentityTables,
    AviationTables,
    PortalTables,
    ShoppingTables,
    OrderTables,
    WebhookTables,
    BillingTables,
    RequestLogTables {
  /** Created by migrate.ts itself, before any numbered migration. */
  schema_migrations: {
    version: string;
    applied_at: Generated<Date>;
  };

  // 0014_gateway_airlines
  gateway_airlines: {
    instance_id: string;
    test_system: string;
    seen_at: Date;
  };
}
