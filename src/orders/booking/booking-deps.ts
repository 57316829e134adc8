import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import type { Db } from '../../platform/db/database.js';

/** Refuses ticketing in production for an agency without an accreditation number (403 accreditation_required). */
export type RequireAccreditation = (scope: { agencyId: string; environment: 'test' | 'live' }) => Promise<void>;

export interface BookingDeps {
  db: Db;
  connectors: ConnectorRegistry;
  clock: () => Date;
  /** Absent where nothing tickets (the dashboard's cancel). */
  requireAccreditation?: RequireAccreditation;
}
