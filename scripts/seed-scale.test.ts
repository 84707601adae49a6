import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { industryOptions, leadStatuses } from "@contract/leads";
import { openDatabase, type DatabaseHandle } from "../server/src/db/client";
import { buildDemoLeads, rowsPerStatement, seedDemo } from "./seed-demo";
import { countLeads, resetLeads, seedScale } from "./seed-scale";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: null });
  await handle.migrate();
});

afterAll(async () => {
  await handle?.close();
});

const query = async <Row>(text: string) => (await handle.executeSql<Row>(text)).rows;

/** The trigger-kept counters against a fresh count of the tables. */
async function expectCountersMatchTables() {
  const mismatchedStatus = await query(`
    SELECT * FROM (SELECT status, coalesce(industry, '') AS industry, count(*)::int AS n FROM leads GROUP BY 1, 2) t
    FULL JOIN (SELECT status, industry, n FROM lead_counts WHERE n <> 0) c USING (status, industry)
    WHERE t.n IS DISTINCT FROM c.n`);
  expect(mismatchedStatus).toEqual([]);
  const mismatchedDays = await query(`
    SELECT * FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(industry, '') AS industry, count(*)::int AS n FROM leads GROUP BY 1, 2) t
    FULL JOIN (SELECT day, industry, n FROM lead_daily_counts WHERE n <> 0) c USING (day, industry)
    WHERE t.n IS DISTINCT FROM c.n`);
  expect(mismatchedDays).toEqual([]);
  const [kpi] = await query<{ same: boolean }>(`
    SELECT (SELECT (ytd_sum, mrr_sum, leads_with_kpi) FROM kpi_totals WHERE id = 1)
         = (SELECT (coalesce(sum(ytd_revenue), 0), coalesce(sum(mrr), 0), count(*)::int) FROM kpi_metrics) AS same`);
  expect(kpi?.same).toBe(true);
}

describe("seed:scale", () => {
  it("loads synthetic, varied leads in chunks, with KPI records for about 30% and counters that match", async () => {
    const leadIndexes = async () => (await query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'leads' ORDER BY indexname")).map((i) => i.indexname);
    const indexesBefore = await leadIndexes();
    const result = await seedScale(handle.db, { leads: 2_000, chunk: 700, reset: true });
    expect(result.leads).toBe(2_000);
    expect(await countLeads(handle.db)).toBe(2_000);

    const [shape] = await query<{ n: number; emails: number; statuses: number; industries: number; oldest_days: number; newest_days: number; kpi: number }>(`
      SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS emails,
             count(DISTINCT status)::int AS statuses, count(DISTINCT industry)::int AS industries,
             extract(day FROM now() - min(created_at))::int AS oldest_days, extract(day FROM now() - max(created_at))::int AS newest_days,
             (SELECT count(*)::int FROM kpi_metrics) AS kpi
      FROM leads`);
    expect(shape).toMatchObject({ n: 2_000, emails: 2_000, statuses: leadStatuses.length, industries: industryOptions.length });
    expect(shape!.oldest_days).toBeGreaterThanOrEqual(1090);
    expect(shape!.oldest_days).toBeLessThanOrEqual(1097);
    expect(shape!.newest_days).toBeLessThanOrEqual(1);
    expect(shape!.kpi).toBe(result.kpi);
    expect(result.kpi / 2_000).toBeGreaterThan(0.25);
    expect(result.kpi / 2_000).toBeLessThan(0.35);

    const products = await query<{ top_products: { name: string; totalSales: number; averageRevenue: number; totalRevenue: number; profitMargin: number }[] }>(
      "SELECT top_products FROM kpi_metrics",
    );
    for (const { top_products } of products) {
      expect(top_products.length).toBeGreaterThanOrEqual(1);
      expect(top_products.length).toBeLessThanOrEqual(4);
      for (const p of top_products) {
        expect(p.name).toBeTruthy();
        expect(p.totalRevenue).toBeCloseTo(p.totalSales * p.averageRevenue, 0);
        expect(p.profitMargin).toBeGreaterThanOrEqual(5);
        expect(p.profitMargin).toBeLessThanOrEqual(60);
      }
    }
    // Every secondary index was dropped for the load and is back: the migrations' own, whatever they are.
    expect(indexesBefore).toEqual(expect.arrayContaining(["leads_pkey", "leads_name_fold_idx", "leads_search_trgm_idx", "leads_sort_priority_idx"]));
    expect(await leadIndexes()).toEqual(indexesBefore);
    await expectCountersMatchTables();
  });

  it("adds to existing leads without an email collision, then --reset empties leads and zeroes the counters", async () => {
    const before = await countLeads(handle.db);
    const result = await seedScale(handle.db, { leads: 500, chunk: 200 });
    expect(result.leads).toBe(500);
    expect(await countLeads(handle.db)).toBe(before + 500);
    await expectCountersMatchTables();

    // An affiliate with a referral of a converted lead: its totals must not outlive the reset.
    await handle.executeSql(
      "INSERT INTO affiliates (name, business_name, email, password_hash, unique_code) VALUES ('Ana', 'Ana Co', 'ana@example.com', 'x', 'ANA1')",
    );
    await handle.executeSql(
      "INSERT INTO affiliate_referrals (affiliate_id, lead_id) SELECT (SELECT id FROM affiliates), id FROM leads WHERE status = 'converted' LIMIT 3",
    );
    expect(await query("SELECT total_referrals, commission_earned FROM affiliates")).toEqual([{ total_referrals: 3, commission_earned: "1500.00" }]);

    await resetLeads(handle.db);
    expect(await query("SELECT total_referrals, commission_earned FROM affiliates")).toEqual([{ total_referrals: 0, commission_earned: "0.00" }]);
    expect(await query("SELECT 1 FROM leads UNION ALL SELECT 1 FROM kpi_metrics UNION ALL SELECT 1 FROM lead_counts UNION ALL SELECT 1 FROM lead_daily_counts")).toEqual([]);
    expect(await query("SELECT ytd_sum, mrr_sum, leads_with_kpi FROM kpi_totals")).toEqual([{ ytd_sum: "0.00", mrr_sum: "0.00", leads_with_kpi: 0 }]);
    const [next] = await query<{ id: number }>("SELECT id FROM (SELECT 1) x, LATERAL (SELECT nextval(pg_get_serial_sequence('leads', 'id'))::int AS id) s");
    expect(next?.id).toBe(1);
  });
});

describe("seed:demo", () => {
  it("adds believable demo leads once; running it again adds nothing", async () => {
    await resetLeads(handle.db);
    const first = await seedDemo(handle.db, 300);
    expect(first.leadsAdded).toBe(300);
    expect(first.kpiAdded / 300).toBeGreaterThan(0.5);
    expect(first.kpiAdded / 300).toBeLessThan(0.7);

    const again = await seedDemo(handle.db, 300);
    expect(again).toEqual({ staffAdded: 0, leadsAdded: 0, leadsSkipped: 300, kpiAdded: 0 });
    expect(await countLeads(handle.db)).toBe(300);

    // Every assigned lead is its person's: the names the leads carry are staff, so each one is matched by id.
    expect(first.staffAdded).toBe(5);
    const owners = await query<{ name: string; email: string; role: string; leads: number; unmatched: number }>(`
      SELECT u.name, u.email, r.role, count(l.id)::int AS leads,
             (SELECT count(*)::int FROM leads x WHERE x.assigned_to IS NOT NULL AND x.assignee_id IS NULL) AS unmatched
      FROM users u JOIN user_roles r ON r.user_id = u.id LEFT JOIN leads l ON l.assignee_id = u.id
      WHERE u.email LIKE '%@example.com' GROUP BY u.id, r.role ORDER BY u.name`);
    expect(owners.map(({ name, email, role }) => ({ name, email, role }))).toEqual([
      { name: "Alex Morgan", email: "alex.morgan@example.com", role: "agent" },
      { name: "Lucía Romero", email: "lucia.romero@example.com", role: "agent" },
      { name: "Priya Shah", email: "priya.shah@example.com", role: "agent" },
      { name: "Sam O'Connor", email: "sam.oconnor@example.com", role: "agent" },
      { name: "Tom Becker", email: "tom.becker@example.com", role: "manager" },
    ]);
    expect(owners.every((owner) => owner.leads > 10 && owner.unmatched === 0)).toBe(true);

    const named = await query<{ business_owner_name: string; business_owner_last_name: string; email: string }>(
      "SELECT business_owner_name, business_owner_last_name, email FROM leads WHERE business_owner_last_name IN ('Núñez', 'Ångström') ORDER BY id LIMIT 2",
    );
    expect(named[0]).toMatchObject({ business_owner_name: "José", business_owner_last_name: "Núñez" });
    expect(named[0]!.email).toMatch(/^jose\.nunez@[a-z0-9]+\.[a-z.]+$/);
    expect(named[1]).toMatchObject({ business_owner_name: "Zoë", business_owner_last_name: "Ångström" });

    const [spread] = await query<{ statuses: number; sources: number; new_or_contacted: number; oldest_days: number }>(`
      SELECT count(DISTINCT status)::int AS statuses, count(DISTINCT lead_source)::int AS sources,
             count(*) FILTER (WHERE status IN ('new', 'contacted'))::int AS new_or_contacted,
             extract(day FROM now() - min(created_at))::int AS oldest_days
      FROM leads`);
    expect(spread!.statuses).toBe(5);
    expect(spread!.sources).toBeGreaterThanOrEqual(6);
    expect(spread!.new_or_contacted).toBeGreaterThan(150);
    expect(spread!.oldest_days).toBeLessThanOrEqual(183);
    await expectCountersMatchTables();
  });

  it("makes the same leads every time, with unique ASCII emails, and sizes inserts under the bind-parameter limit", () => {
    const a = buildDemoLeads(300, new Date("2026-01-01T00:00:00Z"));
    const b = buildDemoLeads(300, new Date("2026-06-01T00:00:00Z"));
    expect(a.map((d) => d.lead.email)).toEqual(b.map((d) => d.lead.email));
    expect(new Set(a.map((d) => d.lead.email.toLowerCase())).size).toBe(300);
    for (const { lead } of a) expect(lead.email).toMatch(/^[a-z0-9.]+@[a-z0-9]+(\.[a-z]+)+$/);
    expect(rowsPerStatement(37) * 37).toBeLessThanOrEqual(32_767);
    expect((rowsPerStatement(37) + 1) * 37).toBeGreaterThan(32_767);
  });
});
