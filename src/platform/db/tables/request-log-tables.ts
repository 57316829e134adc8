import type { Generated } from 'kysely';
import type { Environment } from './column-types.js';

/** The request log (declared by hand from the migration named; ../tables.ts says how). */
export interface RequestLogTables {
  // 0024_request_log_batches (0022's api_requests is folded into it and dropped)
  api_request_batches: {
    id: Generated<number>;
    agency_id: string;
    environment: Environment;
    first_at: Date;
    last_at: Date;
    request_count: number;
    /** The batch's requests as JSON (src/request-log/batch-codec.ts). */
    requests: string;
  };
}
