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
  // 0030_request_log_bodies
  api_request_bodies: {
    id: Generated<number>;
    agency_id: string;
    environment: Environment;
    request_id: string;
    at: Date;
    /** Redacted JSON text cut at BODY_MAX_BYTES (src/request-log/body-render.ts); null when none was recorded. */
    request_body: string | null;
    /** Why the body was not recorded (`not recorded: text/xml`); null when it was, or there was none. */
    request_note: string | null;
    request_dropped_bytes: Generated<number>;
    request_redacted: Generated<boolean>;
    response_body: string | null;
    response_note: string | null;
    response_dropped_bytes: Generated<number>;
    response_redacted: Generated<boolean>;
    /** 0031: the answer's text is the shared one with this SHA-256 (response_body is then null). */
    response_shared_digest: string | null;
  };
  // 0031_request_log_shared_answers
  api_request_shared_bodies: {
    /** SHA-256 of `body`, hex. */
    digest: string;
    /** A cached answer's rendered body (src/request-log/body-render.ts), as every hit of it logged it. */
    body: string;
    /** When an instance last wrote it; the retention sweep reads it. */
    last_used: Date;
  };
}
