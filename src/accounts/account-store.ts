import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

export interface AgencyRow {
  id: string;
  name: string;
  plan_code: string | null;
  live: boolean;
  iata_number: string | null;
  verified_at: Date | null;
  search_rate_limit: number | null;
  created_at: Date;
}

export interface UserRow {
  id: string;
  agency_id: string | null;
  email: string;
  password_hash: string;
  role: 'owner' | 'admin' | 'developer';
  permissions: string[];
  email_verified_at: Date | null;
  created_at: Date;
}

export async function insertAgency(db: Db, agency: Omit<AgencyRow, 'created_at' | 'search_rate_limit'>): Promise<AgencyRow> {
  const { rows } = await sql<AgencyRow>`
    insert into agencies (id, name, plan_code, live, iata_number, verified_at)
    values (${agency.id}, ${agency.name}, ${agency.plan_code}, ${agency.live}, ${agency.iata_number}, ${agency.verified_at})
    returning *`.execute(db);
  return rows[0]!;
}

export async function findAgency(db: Db, id: string): Promise<AgencyRow | null> {
  const { rows } = await sql<AgencyRow>`select * from agencies where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function insertUser(db: Db, user: Omit<UserRow, 'created_at'>): Promise<UserRow> {
  const { rows } = await sql<UserRow>`
    insert into users (id, agency_id, email, password_hash, role, permissions, email_verified_at)
    values (${user.id}, ${user.agency_id}, ${user.email}, ${user.password_hash}, ${user.role},
            ${user.permissions}, ${user.email_verified_at})
    returning *`.execute(db);
  return rows[0]!;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await sql<UserRow>`select * from users where lower(email) = lower(${email})`.execute(db);
  return rows[0] ?? null;
}

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await sql<UserRow>`select * from users where id = ${id}`.execute(db);
  return rows[0] ?? null;
}
