/**
 * Billing periods are monthly, anchored at the agency's sign-up day: an agency made on the 31st
 * starts each period on the 31st, or on the last day of a shorter month. Periods start and end at
 * 00:00 UTC, so they are whole hours and days of the usage counts.
 */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

function monthStart(anchorDay: number, year: number, month: number): Date {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(anchorDay, lastDay)));
}

export function billingPeriod(anchor: Date, now: Date): BillingPeriod {
  const day = anchor.getUTCDate();
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = monthStart(day, year, month);
  if (start.getTime() > now.getTime()) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = monthStart(day, year, month);
  }
  const next = month === 11 ? monthStart(day, year + 1, 0) : monthStart(day, year, month + 1);
  return { start, end: next };
}

/** 00:00 UTC of the day of `now`, and of the next day. */
export function utcDay(now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

export function secondsUntil(instant: Date, now: Date): number {
  return Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
}
