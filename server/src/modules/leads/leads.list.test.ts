import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Affiliate } from "@contract/affiliates";
import { leadPriorities, leadSortFields, leadStatuses, type CreatedLead, type Lead } from "@contract/leads";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "@contract/list-reply";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

/*
 * The leads list's sorts and filters (issue 26) over a small hand-built set: every sort in both directions, paged
 * with the cursor, and every filter alone, repeated and combined, with the total the headers give.
 */

interface Spec {
  key: string;
  first: string;
  last: string;
  business: string;
  industry?: string;
  status?: string;
  priority?: string;
  pipelineStage?: string;
  assignedTo?: string;
  leadSource?: string;
  tags?: string[];
  referred?: boolean;
  affiliateCode?: string;
  ytd?: number;
}

// Ties (two Ana Bell, two finance, stage 'proposal' in two letter cases, 'New' written and not) and NULLs (no
// industry, assignee, source or stage) on purpose: the keyset walk must page through them without repeats or gaps.
const SPECS: Spec[] = [
  { key: "a", first: "Zoe", last: "Young", business: "Alpha Foods", industry: "finance", status: "new", priority: "high", assignedTo: ADMIN.name, leadSource: "Website", tags: ["vip"], ytd: 1000 },
  { key: "b", first: "Émile", last: "Martin", business: "beta Bikes", industry: "retail", status: "contacted", priority: "low", pipelineStage: "Proposal", assignedTo: "Bob Builder", leadSource: "Trade fair", tags: ["vip", "cold"], referred: true },
  { key: "c", first: "Ana", last: "Bell", business: "Charlie Cafe", status: "qualified", priority: "medium", pipelineStage: "New" , ytd: 50 },
  { key: "d", first: "Ana", last: "Bell", business: "Delta Dental", industry: "finance", status: "new", priority: "high", pipelineStage: "proposal", assignedTo: ADMIN.email, leadSource: "website", ytd: 5000 },
  { key: "e", first: "Carl", last: "Díaz", business: "Echo Events", industry: "retail", status: "qualified", priority: "low", assignedTo: "bob builder", leadSource: "Referral", tags: ["cold"], affiliateCode: "NOSUCH" },
  { key: "f", first: "bea", last: "Adams", business: "Foxtrot Farms", industry: "health", status: "contacted", priority: "medium", pipelineStage: "Negotiation", tags: ["vip"], referred: true, ytd: 0 },
  { key: "g", first: "Dan", last: "Ng", business: "Golf Gear", status: "new", priority: "medium" },
];

const fold = (text: string | null | undefined) =>
  (text ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each sort's key in JavaScript, as the server's sort expressions compute it (db/queries/lead-list.ts). */
const sortKey: Record<(typeof leadSortFields)[number], (lead: Lead) => string | number> = {
  createdAt: (l) => l.createdAt,
  updatedAt: (l) => l.updatedAt,
  businessName: (l) => fold(l.businessName),
  contactName: (l) => fold(`${l.businessOwnerName} ${l.businessOwnerLastName}`),
  email: (l) => l.email.toLowerCase(),
  industry: (l) => l.industry ?? "",
  status: (l) => leadStatuses.indexOf(l.status),
  priority: (l) => leadPriorities.indexOf(l.priority as (typeof leadPriorities)[number]),
  pipelineStage: (l) => (l.pipelineStage ?? "New").toLowerCase(),
  assignedTo: (l) => fold((l as { assignedTo?: string | null }).assignedTo),
  leadSource: (l) => fold(l.leadSource),
};

function expectedOrder(leads: Lead[], field: (typeof leadSortFields)[number], descending: boolean): number[] {
  const sorted = [...leads].sort((x, y) => {
    const a = sortKey[field](x);
    const b = sortKey[field](y);
    const byKey = typeof a === "number" && typeof b === "number" ? a - b : byCodePoint(String(a), String(b));
    return byKey !== 0 ? byKey : x.id - y.id;
  });
  return (descending ? sorted.reverse() : sorted).map((l) => l.id);
}

describe.each(testDrivers)("leads list sorts and filters on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const ids: Record<string, number> = {};
  let all: Lead[] = [];
  let bob: TestClient;
  let bobId = 0;

  async function walk(client: TestClient, query: string, limit: number): Promise<{ ids: number[]; totals: string[] }> {
    const seen: number[] = [];
    const totals: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await client.get<Lead[]>(`/api/leads?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.map((l) => l.id));
      totals.push(String(res.headers[TOTAL_COUNT_HEADER]));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) return { ids: seen, totals };
    }
    throw new Error("the cursor never ended");
  }

  /** The keys of the leads a query lists (all on one page), in list order, and the total it answers. */
  async function listed(query: string): Promise<{ keys: string[]; total: number; exact: string }> {
    query = query.replace(/BOB/g, String(bobId));
    const res = await suite.admin.get<Lead[]>(`/api/leads?${query}${query ? "&" : ""}limit=100&sort=createdAt`);
    expect(res.status, res.text).toBe(200);
    const keyOf = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
    return { keys: res.body.map((l) => keyOf[l.id]!), total: Number(res.headers[TOTAL_COUNT_HEADER]), exact: String(res.headers[TOTAL_EXACT_HEADER]) };
  }

  beforeAll(async () => {
    // Bob is on staff before the leads naming him are written: their assignedTo text is matched to him (assigneeId).
    bob = await signedInWithRole(suite.rt, "agent", { name: "Bob Builder", email: "bob@leadwell.test" });
    bobId = (await bob.get<{ id: number }>("/api/auth/me")).body.id;
    const partner = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Pia Partner", businessName: "Pia Partners", email: "pia@partners.test", password: "secret1" });
    expect(partner.status).toBe(201);
    for (const spec of SPECS) {
      const { key, first, last, business, referred, ytd, ...rest } = spec;
      const res = await suite.admin.post<CreatedLead>("/api/leads", {
        businessOwnerName: first,
        businessOwnerLastName: last,
        businessName: business,
        email: `${key.toUpperCase()}.owner@example.com`,
        ...rest,
        ...(referred ? { affiliateCode: partner.body.uniqueCode.toLowerCase() } : {}),
      });
      expect(res.status, res.text).toBe(201);
      if (referred) expect(res.body.attribution?.attributed).toBe(true);
      ids[key] = res.body.id;
      if (ytd !== undefined) {
        const kpi = await suite.admin.post("/api/kpi", { email: res.body.email, ytdRevenue: ytd, mrr: 1, topProducts: [] });
        expect(kpi.status, kpi.text).toBeLessThan(300);
      }
    }
    // Creation and last-change days spread over January 2024 (UTC), each lead on its own day.
    const days: Record<string, [string, string]> = {
      a: ["2024-01-10T00:00:00Z", "2024-01-20T23:59:59Z"],
      b: ["2024-01-10T23:59:59Z", "2024-01-21T00:00:00Z"],
      c: ["2024-01-11T12:00:00Z", "2024-01-22T12:00:00Z"],
      d: ["2024-01-12T12:00:00Z", "2024-01-23T12:00:00Z"],
    };
    for (const [key, [created, updated]] of Object.entries(days)) {
      await suite.rt.ctx.db.execute(sql`UPDATE leads SET created_at = ${created}::timestamptz, updated_at = ${updated}::timestamptz WHERE id = ${ids[key]}`);
    }
    const res = await suite.admin.get<Lead[]>("/api/leads?view=full&limit=100");
    all = res.body;
    expect(all).toHaveLength(SPECS.length);
  });

  it.each(leadSortFields.flatMap((field) => [{ field, descending: false }, { field, descending: true }]))(
    "sorts by $field (descending: $descending), paging with the cursor without repeats or gaps",
    async ({ field, descending }) => {
      const expected = expectedOrder(all, field, descending);
      const oneForm = await walk(suite.admin, `sort=${descending ? "-" : ""}${field}`, 100);
      expect(oneForm.ids).toEqual(expected);
      const paged = await walk(suite.admin, `sort=${field}&dir=${descending ? "desc" : "asc"}`, 2);
      expect(paged.ids).toEqual(expected);
      expect(new Set(paged.totals)).toEqual(new Set([String(SPECS.length)]));
      // dir wins over a leading '-'.
      const overridden = await walk(suite.admin, `sort=${descending ? "" : "-"}${field}&dir=${descending ? "desc" : "asc"}`, 3);
      expect(overridden.ids).toEqual(expected);
    },
  );

  it("keeps the old form: newest first by default and with sort=-createdAt", async () => {
    const newest = expectedOrder(all, "createdAt", true);
    expect((await walk(suite.admin, "", 3)).ids).toEqual(newest);
    expect((await walk(suite.admin, "sort=-createdAt", 4)).ids).toEqual(newest);
  });

  it("refuses a cursor of another sort or direction", async () => {
    const first = await suite.admin.get(`/api/leads?sort=email&limit=2`);
    const cursor = encodeURIComponent(String(first.headers[NEXT_CURSOR_HEADER]));
    expect((await suite.admin.get(`/api/leads?sort=email&dir=desc&limit=2&cursor=${cursor}`)).status).toBe(400);
    expect((await suite.admin.get(`/api/leads?sort=email&dir=asc&limit=2&cursor=${cursor}`)).status).toBe(200);
  });

  it.each([
    ["status=new", ["a", "d", "g"]],
    ["status=new&status=contacted", ["a", "b", "d", "f", "g"]],
    ["priority=high", ["a", "d"]],
    ["priority=low&priority=medium", ["b", "c", "e", "f", "g"]],
    ["stage=New", ["a", "c", "e", "g"]],
    ["stage=PROPOSAL", ["b", "d"]],
    ["stage=new&stage=Negotiation", ["a", "c", "e", "f", "g"]],
    ["industry=finance", ["a", "d"]],
    ["industry=finance&industry=health", ["a", "d", "f"]],
    ["assignee=me", ["a", "d"]],
    ["assignee=none", ["c", "f", "g"]],
    ["assignee=BOB", ["b", "e"]],
    ["assignee=BOB&assignee=none", ["b", "c", "e", "f", "g"]],
    ["assignee=none&assignee=me", ["a", "c", "d", "f", "g"]],
    ["source=WEBSITE", ["a", "d"]],
    ["source=Trade%20fair&source=referral", ["b", "e"]],
    ["affiliateCode=any", ["b", "f"]],
    ["affiliateCode=nosuch", ["e"]],
    ["tag=vip", ["a", "b", "f"]],
    ["tag=cold&tag=vip", ["a", "b", "e", "f"]],
    ["createdFrom=2024-01-10&createdTo=2024-01-10", ["a", "b"]],
    ["createdFrom=2024-01-11", ["c", "d", "e", "f", "g"]],
    ["createdTo=2024-01-11", ["a", "b", "c"]],
    ["updatedFrom=2024-01-21&updatedTo=2024-01-22", ["b", "c"]],
    ["updatedTo=2024-01-20", ["a"]],
    ["hasKpi=true", ["a", "c", "d", "f"]],
    ["hasKpi=false", ["b", "e", "g"]],
    ["revenueMin=50", ["a", "c", "d"]],
    ["revenueMin=51&revenueMax=1000", ["a"]],
    ["revenueMax=0", ["f"]],
    ["q=bell", ["c", "d"]],
    ["status=new&industry=finance", ["a", "d"]],
    ["status=new&priority=high&assignee=me", ["a", "d"]],
    ["tag=vip&hasKpi=true", ["a", "f"]],
    ["q=bell&stage=proposal", ["d"]],
    ["industry=retail&createdFrom=2024-01-10&createdTo=2024-01-31", ["b"]],
    ["status=qualified&createdTo=2024-01-31", ["c"]],
    ["status=&industry=&assignee=", ["a", "b", "c", "d", "e", "f", "g"]],
  ])("filters %s to exactly its leads, with their total", async (query, expected) => {
    const { keys, total, exact } = await listed(query);
    expect(keys.sort()).toEqual([...expected].sort());
    expect(total).toBe(expected.length);
    expect(exact).toBe("true");
  });

  it("answers 'me' as the signed-in person, whoever that is", async () => {
    const res = await bob.get<Lead[]>("/api/leads?assignee=ME&sort=businessName");
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((l) => l.id)).toEqual([ids.b, ids.e]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe("2");
  });

  it("exports the same leads in the same order as the list", async () => {
    const query = "tag=vip&tag=cold&sort=contactName&dir=desc";
    const list = await suite.admin.get<Lead[]>(`/api/leads?${query}`);
    const csv = await suite.admin.get(`/api/leads/export.csv?${query}`);
    expect(csv.status).toBe(200);
    const exported = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(exported).toEqual(list.body.map((l) => l.id));
    expect(exported.sort()).toEqual([ids.a, ids.b, ids.e, ids.f].sort());
    const mine = await suite.admin.get(`/api/leads/export.csv?assignee=me&sort=email`);
    expect(mine.text.trim().split(/\r?\n/).slice(1).map((line) => Number(line.split(",")[0]))).toEqual([ids.a, ids.d]);
  });

  it.each([
    ["status=nope", "status"],
    ["status=new&status=maybe", "status"],
    ["priority=urgent", "priority"],
    ["createdFrom=2024-13-01", "createdFrom"],
    ["updatedTo=yesterday", "updatedTo"],
    ["hasKpi=yes", "hasKpi"],
    ["revenueMin=lots", "revenueMin"],
    ["sort=favourite", "sort"],
    ["sort=email&dir=up", "dir"],
    ["assignee=Bob%20Builder", "assignee"],
    ["assignee=0", "assignee"],
    ["assignee=me&assignee=99999999999", "assignee"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    for (const path of ["/api/leads", "/api/leads/export.csv"]) {
      const res = await suite.admin.get<{ fields?: Record<string, string>; error: string }>(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).some((name) => name === field || name.startsWith(`${field}.`)) || res.body.error.startsWith(field)).toBe(true);
    }
  });
});
