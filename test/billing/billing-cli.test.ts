import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../../src/app.js';
import type { Platform } from '../../src/platform/platform.js';
import { flightaggOn } from '../helpers/cli-in-process.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// The commands run in this process on one open storage, as the gateway's admin channel runs them
// (src/cli/run-command.ts): the same program, options, output and exit codes as the `flightagg`
// process, without a process start and a storage open for each. test/cli/cli.test.ts starts the
// process itself.
describe('operator CLI: agency terms and usage export', () => {
  let platform: Platform;

  async function cli(...args: string[]): Promise<{ code: number; stdout: string; json: Record<string, any>; stderr: string }> {
    const { code, out, err } = await flightaggOn(platform, ...args);
    const json = args.includes('--json') || args.includes('json') || (code !== 0 && out) ? JSON.parse(out || '{}') : {};
    return { code, stdout: out, json, stderr: err };
  }

  let agencyId: string;
  beforeAll(async () => {
    platform = await createTestPlatform();
    const agency = await cli('agency', 'create', '--name', 'Terms Travel', '--json');
    expect(agency.code).toBe(0);
    agencyId = agency.json.id as string;
  });
  afterAll(() => platform?.close());

  it('agency set refuses a plan outside the catalogue unless --force, and bad values naming the flag', async () => {
    const refused = await cli('agency', 'set', agencyId, '--plan', 'platinum');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/plan_code platinum is not in the catalogue \(free, payg\)/);
    const forced = await cli('agency', 'set', agencyId, '--plan', 'platinum', '--force', '--json');
    expect(forced.json).toMatchObject({ plan_code: 'platinum', plan_known: false });
    const bad = await cli('agency', 'set', agencyId, '--daily-searches', 'lots');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--daily-searches must be an integer/);
  });

  it('agency create refuses a plan outside the catalogue unless --force, like agency set', async () => {
    const refused = await cli('agency', 'create', '--name', 'Gold Travel', '--plan', 'gold');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/plan_code gold is not in the catalogue \(free, payg\)/);
    const forced = await cli('agency', 'create', '--name', 'Gold Travel', '--plan', 'gold', '--force', '--json');
    expect(forced.code).toBe(0);
    const shown = await cli('agency', 'show', forced.json.id as string, '--json');
    expect(shown.json).toMatchObject({ plan_code: 'gold', plan_known: false });
    // The refused attempt left nothing behind: one agency on the plan, the forced one.
    const listed = await cli('agency', 'list', '--plan', 'gold', '--json');
    expect((listed.json.agencies as { agency_id: string }[]).map((a) => a.agency_id)).toEqual([forced.json.id]);
  });

  it('agency set, show and list: every term, cleared with off or default', async () => {
    const set = await cli(
      ...['agency', 'set', agencyId, '--plan', 'payg', '--payment-method', 'on', '--payment-ref', 'pm_cli_1'],
      ...['--billing-status', 'past_due', '--free-allowance', '250', '--iata', '12345678', '--search-rate', '90'],
      ...['--daily-searches', '500', '--monthly-searches', '9000', '--look-to-book', '40', '--json'],
    );
    expect(set.code).toBe(0);
    const expected = {
      agency_id: agencyId,
      plan_code: 'payg',
      payment_method: { on_file: true, reference: 'pm_cli_1' },
      billing_status: 'past_due',
      free_allowance: 250,
      iata_number: '12345678',
      search_rate_per_minute: 90,
      daily_search_ceiling: 500,
      monthly_search_ceiling: 9000,
      look_to_book_ceiling: 40,
    };
    expect(set.json).toMatchObject(expected);
    expect((await cli('agency', 'show', agencyId, '--json')).json).toMatchObject(expected);
    const human = await cli('agency', 'show', agencyId);
    expect(human.stdout).toMatch(/plan payg; billing past_due; payment method on file \(pm_cli_1\)/);
    const listed = await cli('agency', 'list', '--plan', 'payg', '--json');
    expect((listed.json.agencies as { agency_id: string }[]).map((a) => a.agency_id)).toContain(agencyId);

    const cleared = await cli(
      ...['agency', 'set', agencyId, '--payment-method', 'off', '--daily-searches', 'off', '--free-allowance', 'default'],
      ...['--billing-status', 'active', '--json'],
    );
    expect(cleared.json).toMatchObject({
      payment_method: { on_file: false },
      daily_search_ceiling: null,
      free_allowance_is_default: true,
    });
  });

  it('key create --env live is refused for an agency that is not live, unless --force; agency set --live on opens it', async () => {
    const create = (...extra: string[]) =>
      cli('key', 'create', '--agency', agencyId, '--env', 'live', '--kind', 'agency', ...extra, '--json');
    const refused = await create();
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatch(/is not live/);
    const forced = await create('--force');
    expect(forced.code).toBe(0);
    expect(forced.json.environment).toBe('live');
    const live = await cli('agency', 'set', agencyId, '--live', 'on', '--json');
    expect(live.json.live).toBe(true);
    expect((await create()).code).toBe(0);
  });

  it('usage export: every agency’s served requests of a calendar month, as JSON and CSV', async () => {
    const payg = await cli('agency', 'create', '--name', 'Export, "Quoted" Travel', '--json');
    const id = payg.json.id as string;
    await cli('agency', 'set', id, '--plan', 'payg', '--payment-method', 'on', '--free-allowance', '2');
    const key = await cli('key', 'create', '--agency', id, '--env', 'test', '--kind', 'portal', '--json');

    // Five requests through the gateway on the same storage, metered as any other.
    const gateway: Gateway = await buildGateway(platform);
    try {
      for (let i = 0; i < 5; i++) {
        const res = await gateway.app.inject({
          url: '/v1/monitoring/airlines',
          headers: { 'x-api-key': key.json.secret as string },
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await gateway.app.close();
    }

    const month = new Date().toISOString().slice(0, 7);
    const json = await cli('usage', 'export', '--period', month, '--format', 'json');
    expect(json.code).toBe(0);
    const row = (json.json.agencies as Record<string, any>[]).find((a) => a.agency_id === id);
    expect(row).toMatchObject({
      plan_code: 'payg',
      total_requests: 5,
      portal_requests: 5,
      requests: { monitoring: 5 },
      free_allowance: 2,
      free_left_at_start: 2,
      billable_requests: 3,
    });
    const csv = await cli('usage', 'export', '--period', month, '--format', 'csv');
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^agency_id,name,plan_code,requests_shopping,/);
    expect(lines.find((l) => l.startsWith(id))).toMatch(/^agc_\w+,"Export, ""Quoted"" Travel",payg,/);
    const bad = await cli('usage', 'export', '--period', '2026-13', '--format', 'json');
    expect(bad.code).toBe(1);
    expect(bad.json.error).toMatch(/YYYY-MM/);
  });
});
