import type { Generated } from 'kysely';
import type { Environment } from './column-types.js';

/** The request log (declared by hand from the migration named; ../tables.ts says how). */
export interface RequestLogTables {
  // 0022_request_log
  api_requests: {
    id: Generated<number>;
    at: Date;
    agency_id: string;
    api_key_id: string | null;
    user_id: string | null;
    environment: Environment;
    method: string;
    route: string;
    path: string;
    status: number;
    duration_ms: number;
    request_id: string;
    error_code: string | null;
  };
}
