import type { Generated } from 'kysely';
import type { Environment } from './column-types.js';

/** Webhook endpoints, deliveries and attempts (declared by hand from the migrations named; ../tables.ts says how). */
export interface WebhookTables {
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
    /** Null only for a test delivery (0021). */
    event_id: number | null;
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
    // 0021_webhook_test_deliveries
    request_body: string | null;
    test: Generated<boolean>;
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
  // 0029_test_events_and_listen_secrets
  listen_secrets: {
    key_id: string;
    forward_to: string;
    secret_sealed: string;
    created_at: Date;
  };
}
