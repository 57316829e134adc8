import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../src/platform/db/migrate.js';
import { expandOnlyFindings } from '../../tools/migrations/expand-only.js';

/**
 * Rolling upgrades (docs/operations/upgrades.md) hold by rule: every migration since the release a
 * rolling upgrade may start from only adds or relaxes, so that release keeps working on the new
 * schema while the instances are replaced one at a time.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'src/platform/db/migrations');
const RELEASES = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'releases.json'), 'utf8')) as {
  rolling_upgrade_from: string;
  releases: Record<string, string>;
};

const semver = (v: string) => v.split('.').map(Number) as [number, number, number];
const compare = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

describe('the migrations since the release a rolling upgrade starts from', () => {
  const from = RELEASES.rolling_upgrade_from;
  const lastOfFrom = RELEASES.releases[from]!;
  const since = listMigrations().filter((m) => m.version > lastOfFrom);

  it('know each release since then, and the last migration each shipped', () => {
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1]!).filter((v) => compare(v, from) >= 0);
    expect(released).toContain(from);
    expect(Object.keys(RELEASES.releases).sort(compare)).toEqual(released.sort(compare));
    const versions = listMigrations().map((m) => m.version);
    const lasts = Object.entries(RELEASES.releases)
      .sort(([a], [b]) => compare(a, b))
      .map(([, last]) => last);
    for (const last of lasts) expect(versions).toContain(last);
    expect([...lasts].sort()).toEqual(lasts);
  });

  it('only add or relax: no drop, rename, type change or newly required column', () => {
    const findings = since.flatMap(({ version, file }) =>
      expandOnlyFindings(version, fs.readFileSync(file, 'utf8'), (release) => compare(release, from) <= 0),
    );
    expect(findings).toEqual([]);
  });
});

describe('the expand-only rule', () => {
  const refused = [
    'drop table orders;',
    'alter table orders drop column pnr;',
    'alter table orders drop pnr;',
    'alter table orders rename column pnr to record_locator;',
    'alter table orders rename to bookings;',
    'alter table orders alter column total type numeric(12, 2);',
    'alter table orders alter column total set data type bigint;',
    "alter type order_status add value 'x';",
    'alter table orders alter column pnr set not null;',
    'alter table orders add column channel text not null;',
    'alter table orders alter column status drop default;',
    'truncate order_events;',
  ];
  const allowed = [
    'create table t (id text primary key);',
    'alter table orders add column channel text;',
    "alter table orders add column channel text not null default 'api';",
    'create index orders_channel_idx on orders (channel);',
    'alter table order_events alter column order_id drop not null;',
    'alter table orders drop constraint orders_total_check;',
    "alter table orders alter column channel set default 'api', alter column channel set not null;",
    '-- we never drop or rename anything here\ncreate table u (id text);',
  ];

  it.each(refused)('refuses %s', (sql) => {
    expect(expandOnlyFindings('0999_x', sql)).not.toEqual([]);
  });

  it.each(allowed)('allows %s', (sql) => {
    expect(expandOnlyFindings('0999_x', sql)).toEqual([]);
  });

  it('allows a marked contract step only when it names a release the upgrade no longer starts from', () => {
    const sql = '-- contract: orders.legacy_ref unread since 2.6.0\nalter table orders drop column legacy_ref;';
    expect(expandOnlyFindings('0999_x', sql, (release) => compare(release, '2.6.0') <= 0)).toEqual([]);
    expect(expandOnlyFindings('0999_x', sql, (release) => compare(release, '2.5.0') <= 0)).toHaveLength(1);
  });
});
