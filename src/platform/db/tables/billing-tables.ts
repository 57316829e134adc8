import type { Generated } from 'kysely';
import type { ApiKeyKind } from './column-types.js';

/** Agency terms and usage counts (declared by hand from the migrations named; ../tables.ts says how). */
export interface BillingTables {
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
}
