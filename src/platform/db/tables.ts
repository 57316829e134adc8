import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';

/**
 * Every table of the public schema and every column, declared once by hand from migrations/*.sql
 * (and schema_migrations, which migrate.ts creates). test/platform/db-tables.test.ts migrates a
 * fresh database and fails, naming the column, when this and the migrations disagree: a column on
 * one side only, a nullability, a default, or a JavaScript type that is not what the driver returns.
 *
 * Column types are what both drivers return (database.ts sets the same parsers on PGlite and pg):
 * int2/int4/int8 (count, bigserial) and float8 as number, numeric as string, timestamptz and date as
 * Date, text[] as string[], jsonb parsed. Text columns with a CHECK list are that list's union.
 * `Generated<T>` marks a column with a default: it may be left out of an insert.
 */

/**
 * A jsonb column: read parsed, written as JSON text (`JSON.stringify(x)`), because both drivers send
 * a JavaScript array parameter as a PostgreSQL array literal, not as JSON.
 */
type Json<T extends object> = JSONColumnType<T>;
/** The same, with a column default: may be left out of an insert. */
type JsonWithDefault<T extends object> = JSONColumnType<T, string | undefined, string>;
/** The same, nullable: may be left out of an insert, or written as null. */
type NullableJson<T extends object> = JSONColumnType<T | null, string | null, string | null>;

/**
 * The shape of a JSON document a feature owns and builds from its own types (an order's details
 * hold the connector's AirlineOrder). The platform imports no feature, so the owning feature names
 * its shape by merging into this interface, next to its own types:
 *
 *   declare module '../platform/db/tables.js' {
 *     interface FeatureDocuments { 'orders.details': OrderDetails }
 *   }
 *
 * Until it does, the column reads as `unknown`.
 */
export interface FeatureDocuments {}
type FeatureDocument<Column extends string> = Column extends keyof FeatureDocuments ? FeatureDocuments[Column] : unknown;
type FeatureJson<Column extends string> = ColumnType<FeatureDocument<Column>, string, string>;

/** A `date` column: read as a Date at midnight, written as `YYYY-MM-DD`. */
type Day = ColumnType<Date, string, string>;

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

export interface Tables {
  /** Created by migrate.ts itself, before any numbered migration. */
  schema_migrations: {
    version: string;
    applied_at: Generated<Date>;
  };

  // 0001_foundation, 0003_portal (users: lockout and TOTP columns)
  agencies: {
    id: string;
    name: string;
    plan_code: string | null;
    live: Generated<boolean>;
    iata_number: string | null;
    verified_at: Date | null;
    search_rate_limit: number | null;
    created_at: Generated<Date>;
  };
  users: {
    id: string;
    agency_id: string | null;
    email: string;
    password_hash: string;
    role: Generated<UserRole>;
    permissions: Generated<string[]>;
    email_verified_at: Date | null;
    created_at: Generated<Date>;
    failed_logins: Generated<number>;
    locked_at: Date | null;
    locked_until: Date | null;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enabled_at: Date | null;
    totp_last_counter: number | null;
  };
  keyring_keys: {
    key_id: string;
    purpose: string;
    status: Generated<'active' | 'retired'>;
    created_at: Generated<Date>;
  };
  api_keys: {
    id: string;
    agency_id: string | null;
    kind: ApiKeyKind;
    environment: Environment;
    name: string | null;
    lookup_hash: string;
    lookup_key_id: string;
    secret_ciphertext: string;
    display_prefix: string;
    allowed_ips: string[] | null;
    expires_at: Date | null;
    read_only: Generated<boolean>;
    allowed_paths: string[] | null;
    created_by_user_id: string | null;
    created_at: Generated<Date>;
    revoked_at: Date | null;
  };
  security_events: {
    id: Generated<number>;
    occurred_at: Generated<Date>;
    kind: string;
    user_id: string | null;
    agency_id: string | null;
    api_key_id: string | null;
    ip: string | null;
    detail: JsonWithDefault<Record<string, unknown>>;
    acknowledged_at: Date | null;
    acknowledged_by: string | null;
  };

  // 0002_aviation, 0006_aviation_geo (aviation_airports.lat_band)
  aviation_sources: {
    name: string;
    url: string | null;
    status: Generated<'never' | 'running' | 'ok' | 'failed'>;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
    error: string | null;
    rows_read: number | null;
    inserted: number | null;
    updated: number | null;
    unchanged: number | null;
    deleted: number | null;
    skipped: number | null;
    /** Rows skipped per reason. */
    skipped_reasons: JsonWithDefault<Record<string, number>>;
    row_count: number | null;
  };
  aviation_countries: {
    code: string;
    id: number;
    name: string;
    continent: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
  };
  aviation_regions: {
    code: string;
    id: number;
    local_code: string | null;
    name: string;
    continent: string | null;
    country_code: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
  };
  aviation_airports: {
    id: number;
    ident: string;
    type: string;
    name: string;
    latitude: number;
    longitude: number;
    elevation_ft: number | null;
    continent: string | null;
    country_code: string | null;
    region_code: string | null;
    city: string | null;
    scheduled_service: boolean;
    icao_code: string | null;
    iata_code: string | null;
    gps_code: string | null;
    local_code: string | null;
    home_link: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
    timezone: string | null;
    search_name: string;
    search_city: string | null;
    /** floor(latitude), computed by PostgreSQL: never written. */
    lat_band: GeneratedAlways<number>;
  };
  aviation_runways: {
    id: number;
    airport_id: number;
    airport_ident: string | null;
    length_ft: number | null;
    width_ft: number | null;
    surface: string | null;
    lighted: boolean | null;
    closed: boolean | null;
    le_ident: string | null;
    le_latitude: number | null;
    le_longitude: number | null;
    le_elevation_ft: number | null;
    le_heading_deg_true: number | null;
    le_displaced_threshold_ft: number | null;
    he_ident: string | null;
    he_latitude: number | null;
    he_longitude: number | null;
    he_elevation_ft: number | null;
    he_heading_deg_true: number | null;
    he_displaced_threshold_ft: number | null;
  };
  aviation_frequencies: {
    id: number;
    airport_id: number;
    airport_ident: string | null;
    type: string | null;
    description: string | null;
    frequency_mhz: number | null;
  };
  aviation_navaids: {
    id: number;
    filename: string | null;
    ident: string | null;
    name: string | null;
    type: string | null;
    frequency_khz: number | null;
    latitude: number | null;
    longitude: number | null;
    elevation_ft: number | null;
    country_code: string | null;
    dme_frequency_khz: number | null;
    dme_channel: string | null;
    dme_latitude: number | null;
    dme_longitude: number | null;
    dme_elevation_ft: number | null;
    slaved_variation_deg: number | null;
    magnetic_variation_deg: number | null;
    usage_type: string | null;
    power: string | null;
    associated_airport: string | null;
    airport_id: number | null;
  };
  aviation_airlines: {
    id: number;
    name: string;
    alias: string | null;
    iata_code: string | null;
    icao_code: string | null;
    callsign: string | null;
    country_name: string | null;
    country_code: string | null;
    active_flag: string | null;
    status: 'active' | 'inactive' | 'defunct' | 'unknown';
    alliance: string | null;
    search_name: string;
  };
  aviation_airliner_types: {
    iata_code: string;
    icao_code: string | null;
    name: string;
    family: string | null;
    wake_category: string | null;
    engine_count: number | null;
    engine_type: string | null;
  };
  aviation_aircraft_types: {
    icao_code: string;
    manufacturer: string;
    model: string;
    models: Json<string[]>;
    manufacturer_aliases: Json<string[]>;
    engine_count: number | null;
    engine_type: string | null;
    species: string | null;
    wake_category: string | null;
    body_class: string;
    in_service: boolean;
    iata_codes: Json<string[]>;
    family: string | null;
    search_manufacturer: string;
  };

  // 0003_portal, 0007_password_resets, 0008_agency_invites
  sessions: {
    id: string;
    token_hash: string;
    user_id: string;
    agency_id: string | null;
    kind: 'user' | 'support';
    support_reason: string | null;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
    mfa_verified_at: Date | null;
    revoked_at: Date | null;
    revoked_reason: string | null;
  };
  login_challenges: {
    id: string;
    token_hash: string;
    user_id: string;
    ip: string | null;
    created_at: Date;
    expires_at: Date;
    attempts: Generated<number>;
    consumed_at: Date | null;
  };
  recovery_codes: {
    user_id: string;
    code_hash: string;
    used_at: Date | null;
  };
  email_verifications: {
    token_hash: string;
    user_id: string;
    email: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  password_resets: {
    token_hash: string;
    user_id: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  agency_invites: {
    id: string;
    agency_id: string;
    email: string;
    role: Exclude<UserRole, 'owner'>;
    token_hash: string;
    invited_by: string;
    created_at: Date;
    expires_at: Date;
    accepted_at: Date | null;
    revoked_at: Date | null;
  };

  // 0004_shopping
  look_to_book_daily: {
    agency_id: string;
    day: Day;
    searches: Generated<number>;
    bookings: Generated<number>;
  };
  airline_health: {
    airline: string;
    status: 'up' | 'degraded' | 'down';
    environment: string;
    checked_at: Date;
    last_success_at: Date | null;
    last_error: string | null;
    consecutive_failures: Generated<number>;
    /** Recent probes, newest last (the shape the migration documents). */
    samples: JsonWithDefault<{ at: string; ok: boolean; ms: number }[]>;
  };

  // 0005_orders, 0009_booking_intents
  orders: {
    id: string;
    agency_id: string;
    environment: Environment;
    airline: string;
    airline_order_id: string;
    airline_owner: string;
    pnr: string;
    status: OrderStatusValue;
    origin: string;
    destination: string;
    currency: string;
    total_minor: number;
    payment_deadline: Date | null;
    contact_email: string | null;
    details: FeatureJson<'orders.details'>;
    created_by_key_id: string | null;
    created_at: Date;
    updated_at: Date;
    deadline_notified_at: Date | null;
  };
  order_history: {
    id: Generated<number>;
    order_id: string;
    occurred_at: Date;
    action: string;
    status: string;
    actor_kind: OrderActorKind;
    actor_id: string | null;
    on_behalf_of_agency_id: string | null;
    airline_reference: string | null;
    detail: JsonWithDefault<Record<string, unknown>>;
  };
  order_idempotency_keys: {
    agency_id: string;
    idempotency_key: string;
    request_hash: string;
    state: 'in_flight' | 'completed' | 'failed';
    order_id: string | null;
    response_status: number | null;
    response_body: NullableJson<Record<string, unknown>>;
    created_at: Date;
    expires_at: Date;
    intent_id: string | null;
  };
  order_travel_claims: {
    agency_id: string;
    environment: Environment;
    travel_key: string;
    claim_id: string;
    order_id: string | null;
    claimed_at: Date;
  };
  order_events: {
    id: Generated<number>;
    agency_id: string;
    environment: Environment;
    order_id: string;
    event: OrderEventValue;
    payload: Json<Record<string, unknown>>;
    occurred_at: Date;
    dispatched_at: Date | null;
  };
  order_booking_intents: {
    id: string;
    agency_id: string;
    environment: Environment;
    airline: string;
    idempotency_key: string | null;
    claim_id: string;
    state: 'pending' | 'completed' | 'released' | 'unresolved';
    booking: FeatureJson<'order_booking_intents.booking'>;
    attempts: Generated<number>;
    last_error: string | null;
    created_at: Date;
    lease_until: Date;
    resolved_at: Date | null;
  };

  // 0011_webhooks
  webhook_endpoints: {
    id: string;
    agency_id: string;
    environment: Environment;
    url: string;
    description: string | null;
    events: Generated<string[]>;
    secret_sealed: string;
    status: 'enabled' | 'disabled';
    failure_streak: Generated<number>;
    disabled_at: Date | null;
    disabled_reason: string | null;
    created_at: Date;
    updated_at: Date;
  };
  webhook_deliveries: {
    id: string;
    event_id: number;
    endpoint_id: string;
    agency_id: string;
    order_id: string;
    event: string;
    status: 'pending' | 'delivered' | 'dead';
    attempt_count: Generated<number>;
    next_attempt_at: Date;
    lease_until: Date | null;
    lease_token: string | null;
    created_at: Date;
    completed_at: Date | null;
  };
  webhook_attempts: {
    id: Generated<number>;
    delivery_id: string;
    attempted_at: Date;
    duration_ms: number;
    status_code: number | null;
    error: string | null;
    response_body: string | null;
  };

  // 0012_billing
  agency_terms: {
    agency_id: string;
    payment_method_ref: string | null;
    billing_status: Generated<'active' | 'past_due' | 'delinquent'>;
    free_allowance: number | null;
    daily_search_ceiling: number | null;
    monthly_search_ceiling: number | null;
    look_to_book_ceiling: number | null;
    updated_at: Generated<Date>;
    updated_by: string | null;
  };
  usage_counts: {
    api_key_id: string;
    agency_id: string | null;
    key_kind: ApiKeyKind;
    hour: Date;
    surface: string;
    requests: number;
  };
  usage_batches: {
    id: string;
    applied_at: Generated<Date>;
  };

  // 0013_order_airline_checks
  order_airline_checks: {
    order_id: string;
    checked_at: Date;
  };

  // 0014_gateway_airlines
  gateway_airlines: {
    instance_id: string;
    test_system: string;
    seen_at: Date;
  };
}
