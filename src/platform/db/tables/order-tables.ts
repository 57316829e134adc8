import type { Generated } from 'kysely';
import type {
  Json,
  JsonWithDefault,
  NullableJson,
  FeatureJson,
  Environment,
  OrderStatusValue,
  OrderActorKind,
  OrderEventValue,
} from './column-types.js';

/** Orders, their history, events, idempotency keys, booking intents, airline checks and departures (declared by hand from the migrations named; ../tables.ts says how). */
export interface OrderTables {
  // 0005_orders, 0009_booking_intents, 0027_order_sources
  orders: {
    id: string;
    agency_id: string;
    environment: Environment;
    /** The owner airline (IATA code). */
    airline: string;
    /** The source that booked it (AA, VS, DUFFEL): where its operations go. */
    source: string;
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
    /** Null only for a test event (0029), which is about the sample order. */
    order_id: string | null;
    event: OrderEventValue;
    payload: Json<Record<string, unknown>>;
    occurred_at: Date;
    dispatched_at: Date | null;
    // 0029_test_events_and_listen_secrets
    test: Generated<boolean>;
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

  // 0013_order_airline_checks
  order_airline_checks: {
    order_id: string;
    checked_at: Date;
  };

  // 0016_order_departures
  order_departures: {
    order_id: string;
    departing_at: string;
  };

  // 0018_airline_notification_bounds
  airline_notification_receipts: {
    digest: string;
    expires_at: Date;
  };
  order_notification_refreshes: {
    order_id: string;
    claimed_at: Date;
    due_at: Date | null;
  };

  // 0023_order_passenger_names
  order_passenger_names: {
    order_id: string;
    agency_id: string;
    environment: string;
    name_key: string;
  };

  // 0026_order_write_leases
  order_write_leases: {
    order_id: string;
    holder: string;
    expires_at: Date;
  };
}
