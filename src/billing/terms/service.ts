import type { Logger } from 'pino';
import { normalizeIata } from '../../identity/agencies/iata.js';
import { updateAgencyTerms, type AgencyTermsUpdate } from '../../identity/agencies/store.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { listOwnerEmails } from '../../identity/users/store.js';
import type { Broadcast } from '../../platform/broadcast.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { PLAN_CODES, planOf } from '../plans/catalogue.js';
import * as store from './store.js';
import { BILLING_STATUSES, toTerms, type AccountTerms, type BillingStatus } from './terms.js';

/** What an operator may change; a field left out is untouched, null clears it. */
export interface TermsChange {
  planCode?: string;
  /** Accept a plan code that is not in the catalogue (the account then answers 403 `unknown_plan`). */
  force?: boolean;
  /** A reference to the payment method at the provider; null: none on file. */
  paymentMethodRef?: string | null;
  billingStatus?: BillingStatus;
  freeAllowance?: number | null;
  live?: boolean;
  iataNumber?: string | null;
  searchRatePerMinute?: number | null;
  dailySearchCeiling?: number | null;
  monthlySearchCeiling?: number | null;
  lookToBookCeiling?: number | null;
}

export interface TermsActor {
  userId?: string | null;
  ip?: string | null;
  via: 'cli' | 'admin' | 'portal';
}

const EVICT_CHANNEL = 'billing-terms-evict';
// The gate's terms are at most this old on an instance that missed an eviction (Redis down).
const TERMS_CACHE_MS = 30_000;
const MAX_CACHED = 10_000;
const MAX_COUNT = 1_000_000_000;

function count(field: string, value: number | null | undefined, min: number): void {
  if (value === undefined || value === null) return;
  if (!Number.isInteger(value) || value < min || value > MAX_COUNT) {
    throw badRequest(`${field} must be an integer from ${min} to ${MAX_COUNT}, or null to clear it`, 'invalid_request', {
      field,
    });
  }
}

/**
 * A plan code an operator records (agency set, agency create, the admin API): well formed, and in
 * the catalogue unless forced (the account's portal keys then answer 403 `unknown_plan`).
 */
export function checkPlanCode(planCode: string, force: boolean): void {
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(planCode)) {
    throw badRequest('plan_code must be 1-40 lowercase letters, digits, - or _', 'invalid_request', { field: 'plan_code' });
  }
  if (!planOf(planCode) && !force) {
    throw badRequest(
      `plan_code ${planCode} is not in the catalogue (${PLAN_CODES.join(', ')}); force it ("force": true, or --force on the CLI) to record it anyway`,
      'unknown_plan',
      { field: 'plan_code' },
    );
  }
}

function validate(change: TermsChange): void {
  if (change.planCode !== undefined) checkPlanCode(change.planCode, change.force === true);
  if (change.billingStatus !== undefined && !BILLING_STATUSES.includes(change.billingStatus)) {
    throw badRequest(`billing_status must be one of ${BILLING_STATUSES.join(', ')}`, 'invalid_request', {
      field: 'billing_status',
    });
  }
  if (change.paymentMethodRef !== undefined && change.paymentMethodRef !== null) {
    if (change.paymentMethodRef.trim() === '' || change.paymentMethodRef.length > 200) {
      throw badRequest('payment_method_ref must be 1-200 characters, or null for none on file', 'invalid_request', {
        field: 'payment_method_ref',
      });
    }
  }
  count('free_allowance', change.freeAllowance, 0);
  count('search_rate_per_minute', change.searchRatePerMinute, 1);
  count('daily_search_ceiling', change.dailySearchCeiling, 1);
  count('monthly_search_ceiling', change.monthlySearchCeiling, 1);
  count('look_to_book_ceiling', change.lookToBookCeiling, 1);
}

export interface TermsServiceDeps {
  db: Db;
  config: Readonly<Config>;
  broadcast: Broadcast;
  mailer: Mailer;
  logger: Logger;
  clock(): Date;
}

/**
 * Account terms: read (cached for the request path, evicted on every instance on change), changed
 * by operators (CLI and admin API, both audited as security events), and the accreditation rule
 * for ticketing in production.
 */
export interface TermsService {
  /** An agency's terms from the database (404 `agency_not_found` for an unknown agency). */
  get(agencyId: string): Promise<AccountTerms>;
  /** The cached terms while they are fresh, without a promise; undefined: ask `cached`. */
  peek(agencyId: string): AccountTerms | undefined;
  /** The request path's read: memory first, so a metered request costs no database trip; null for no agency. */
  cached(agencyId: string): Promise<AccountTerms | null>;
  list(options: { limit: number; planCode?: string }): Promise<AccountTerms[]>;
  /** Applies an operator's change in one transaction with its security event; going live is mailed to the owners. */
  change(agencyId: string, change: TermsChange, actor: TermsActor): Promise<AccountTerms>;
  /**
   * Ticketing in production needs accreditation: a live-key request that would issue tickets from
   * an agency with no IATA/BSP number is refused (403 `accreditation_required`) before any airline call.
   */
  requireAccreditation(key: { agencyId: string | null; environment: 'test' | 'live' } | null): Promise<void>;
}

export function createTermsService({ db, config, broadcast, mailer, logger, clock }: TermsServiceDeps): TermsService {
  const cache = new Map<string, { terms: AccountTerms; at: number }>();
  broadcast.subscribe(EVICT_CHANNEL, (agencyId) => cache.delete(agencyId));
  broadcast.onMissedMessages(() => cache.clear());

  async function get(agencyId: string): Promise<AccountTerms> {
    const row = await store.findTerms(db, agencyId);
    if (!row) throw notFound(`agency ${agencyId} not found`, 'agency_not_found');
    return toTerms(row, config);
  }

  async function announceLive(terms: AccountTerms): Promise<void> {
    const owners = await listOwnerEmails(db, terms.agencyId);
    const text = [
      `Your agency ${terms.name} (${terms.agencyId}) is now live.`,
      '',
      'Owners and admins can create live API keys in the developer portal. Live keys reach the airlines’ production systems.',
      'Ticketing in production needs your IATA/BSP accreditation number on file (PATCH /v1/dev/agency); holds work without it.',
      '',
      `${config.publicUrl}/docs`,
    ].join('\n');
    for (const to of owners) {
      await mailer.send({ to, subject: `${terms.name} is live`, text }).catch((err: unknown) => {
        logger.error({ err, agencyId: terms.agencyId }, 'could not mail the going-live notice');
      });
    }
  }

  return {
    get,

    /** The cached terms while they are fresh, without a promise; undefined: ask `cached`. */
    peek(agencyId: string): AccountTerms | undefined {
      const hit = cache.get(agencyId);
      return hit && Date.now() - hit.at < TERMS_CACHE_MS ? hit.terms : undefined;
    },

    /** The request path's read: memory first, so a metered request costs no database trip. */
    async cached(agencyId: string): Promise<AccountTerms | null> {
      const now = Date.now();
      const hit = cache.get(agencyId);
      if (hit && now - hit.at < TERMS_CACHE_MS) return hit.terms;
      const row = await store.findTerms(db, agencyId);
      if (!row) return null;
      const terms = toTerms(row, config);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(agencyId, { terms, at: now });
      return terms;
    },

    async list(options: { limit: number; planCode?: string }) {
      return (await store.listTerms(db, options.limit, options.planCode)).map((row) => toTerms(row, config));
    },

    /** Applies an operator's change in one transaction with its security event; going live is mailed to the owners. */
    async change(agencyId: string, change: TermsChange, actor: TermsActor): Promise<AccountTerms> {
      validate(change);
      const iata = change.iataNumber === undefined ? undefined : normalizeIata('iata_number', change.iataNumber);
      const before = await get(agencyId);
      const agencyColumns: AgencyTermsUpdate = {};
      const termsColumns: store.TermsColumns = {};
      if (change.planCode !== undefined) agencyColumns.plan_code = change.planCode;
      if (change.live !== undefined) agencyColumns.live = change.live;
      if (iata !== undefined) agencyColumns.iata_number = iata;
      if (change.searchRatePerMinute !== undefined) agencyColumns.search_rate_limit = change.searchRatePerMinute;
      if (change.paymentMethodRef !== undefined) termsColumns.payment_method_ref = change.paymentMethodRef?.trim() ?? null;
      if (change.billingStatus !== undefined) termsColumns.billing_status = change.billingStatus;
      if (change.freeAllowance !== undefined) termsColumns.free_allowance = change.freeAllowance;
      if (change.dailySearchCeiling !== undefined) termsColumns.daily_search_ceiling = change.dailySearchCeiling;
      if (change.monthlySearchCeiling !== undefined) termsColumns.monthly_search_ceiling = change.monthlySearchCeiling;
      if (change.lookToBookCeiling !== undefined) termsColumns.look_to_book_ceiling = change.lookToBookCeiling;
      const fields = [...Object.keys(agencyColumns), ...Object.keys(termsColumns)];
      if (fields.length === 0) throw badRequest('nothing to change: name at least one term', 'nothing_to_change');

      const after = await db.transaction().execute(async (trx) => {
        await updateAgencyTerms(trx, agencyId, agencyColumns);
        if (Object.keys(termsColumns).length > 0) {
          await store.upsertTerms(trx, agencyId, { columns: termsColumns, by: actor.userId ?? actor.via, now: clock() });
        }
        const row = await store.findTerms(trx, agencyId);
        const updated = toTerms(row!, config);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, key] of FIELD_KEYS) {
          if (before[key] !== updated[key]) changes[field] = { from: before[key], to: updated[key] };
        }
        const event = { userId: actor.userId ?? null, agencyId, ip: actor.ip ?? null };
        await recordSecurityEvent(trx, { ...event, kind: 'agency.terms_changed', detail: { via: actor.via, changes } });
        if (before.live !== updated.live) {
          await recordSecurityEvent(trx, {
            ...event,
            kind: updated.live ? 'agency.went_live' : 'agency.live_withdrawn',
            detail: { via: actor.via },
          });
        }
        return updated;
      });
      cache.delete(agencyId);
      await broadcast.publish(EVICT_CHANNEL, agencyId);
      if (!before.live && after.live) await announceLive(after);
      return after;
    },

    /**
     * Ticketing in production needs accreditation: a live-key request that would issue tickets
     * (pay now, commit, a change confirm that tickets) from an agency with no IATA/BSP number is
     * refused before any airline call. Test keys, holds and key kinds without an agency pass.
     */
    async requireAccreditation(key: { agencyId: string | null; environment: 'test' | 'live' } | null): Promise<void> {
      if (!key || key.environment !== 'live' || !key.agencyId) return;
      const terms = await get(key.agencyId);
      if (terms.iataNumber) return;
      throw forbidden(
        'ticketing in production needs the agency’s IATA/BSP accreditation number: an owner or admin records it with PATCH /v1/dev/agency (holds stay allowed)',
        'accreditation_required',
        { reason: 'accreditation_required', docs_url: `${config.publicUrl}/docs` },
      );
    },
  };
}

/** Audited fields: their name in the event's `detail.changes` (kept as first recorded) and where the terms hold them. */
const FIELD_KEYS: [string, keyof AccountTerms][] = [
  ['planCode', 'planCode'],
  ['paymentMethodRef', 'paymentMethodRef'],
  ['billingStatus', 'billingStatus'],
  ['freeAllowance', 'freeAllowance'],
  ['live', 'live'],
  ['iataNumber', 'iataNumber'],
  ['searchRatePerMinute', 'searchRatePerMinute'],
  ['dailySearchCeiling', 'dailySearchCeiling'],
  ['monthlySearchCeiling', 'monthlySearchCeiling'],
  ['lookToBookCeiling', 'lookToBookCeiling'],
];
