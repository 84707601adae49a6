import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import { incidentSimulationFamily, riskFamily } from "@contract/records/business-health";
import { sortableFields } from "@contract/records/family";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

type Row = { id: number } & Record<string, unknown>;
type Listed = { total: number } & Record<string, unknown>;
/** "Sorttest charlie" -> "charlie". */
const nameOf = (row: Record<string, unknown>) => String(row.scenario).split(" ")[1] ?? "";

/**
 * The list endpoints sort and page on the server (issue 24.8): `?sort=<field>&direction=asc|desc` over a family's
 * sortable fields, nulls last both ways, id breaking ties, so a full list can ask for one page at a time.
 */
describe.each(testDrivers)("record lists sorted by the server on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const simulations = `/api${incidentSimulationFamily.path}`;
  const risks = `/api${riskFamily.path}`;
  /** Created in this order: ids ascend A..E. */
  const simulationRows = [
    { scenario: "Sorttest charlie", scenarioType: "data_loss", simulationDate: "2026-03-01", responseTime: 30, effectiveness: 7.5 },
    { scenario: "sorttest alpha", scenarioType: "security_breach", simulationDate: "2026-01-15", responseTime: null, effectiveness: 9 },
    { scenario: "Sorttest echo", scenarioType: "service_outage", simulationDate: "2026-02-10", responseTime: 5, effectiveness: null },
    { scenario: "Sorttest bravo", scenarioType: "data_loss", simulationDate: "2026-02-10", responseTime: 30, effectiveness: 2 },
    { scenario: "Sorttest delta", scenarioType: "natural_disaster", simulationDate: "2025-12-31", responseTime: null, effectiveness: 4.2 },
  ];
  const ids: Record<string, number> = {};

  const listed = async (path: string, listKey: string, query: string) => {
    const res = await suite.admin.get<Listed>(`${path}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { rows: res.body[listKey] as Row[], total: res.body.total };
  };
  /** The scenarios' last words, in the order the server answered. */
  const scenarios = async (query: string) =>
    (await listed(simulations, "simulations", `q=sorttest&${query}`)).rows.map(nameOf);

  it("creates the records the sorts are checked on", async () => {
    for (const row of simulationRows) {
      const res = await suite.admin.post<Row>(simulations, row);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[nameOf(row)] = res.body.id;
    }
    expect(Object.keys(ids)).toHaveLength(5);
  });

  it("keeps the family's declared order without sort (simulation date, newest first)", async () => {
    expect(await scenarios("")).toEqual(["charlie", "bravo", "echo", "alpha", "delta"]);
  });

  it("sorts by a number both ways, records without a value last, id breaking ties", async () => {
    // responseTime: bravo and charlie tie at 30 (charlie has the smaller id); alpha and delta have none.
    expect(await scenarios("sort=responseTime")).toEqual(["echo", "charlie", "bravo", "alpha", "delta"]);
    expect(await scenarios("sort=responseTime&direction=asc")).toEqual(["echo", "charlie", "bravo", "alpha", "delta"]);
    expect(await scenarios("sort=responseTime&direction=desc")).toEqual(["bravo", "charlie", "echo", "delta", "alpha"]);
    expect(await scenarios("sort=effectiveness&direction=desc")).toEqual(["alpha", "charlie", "delta", "bravo", "echo"]);
    expect(await scenarios("sort=effectiveness")).toEqual(["bravo", "delta", "charlie", "alpha", "echo"]);
  });

  it("sorts by a date both ways", async () => {
    expect(await scenarios("sort=simulationDate&direction=asc")).toEqual(["delta", "alpha", "echo", "bravo", "charlie"]);
    expect(await scenarios("sort=simulationDate&direction=desc")).toEqual(["charlie", "bravo", "echo", "alpha", "delta"]);
  });

  it("sorts by a text without regard to case", async () => {
    expect(await scenarios("sort=scenario")).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
    expect(await scenarios("sort=scenario&direction=desc")).toEqual(["echo", "delta", "charlie", "bravo", "alpha"]);
  });

  it("sorts by an enum in its declared order", async () => {
    // security_breach, service_outage, data_loss, key_person_loss, supplier_failure, natural_disaster
    expect(await scenarios("sort=scenarioType")).toEqual(["alpha", "echo", "charlie", "bravo", "delta"]);
    expect(await scenarios("sort=scenarioType&direction=desc")).toEqual(["delta", "bravo", "charlie", "echo", "alpha"]);
  });

  it("pages a sort with limit and offset without repeating or skipping a record, and counts them all", async () => {
    const whole = await scenarios("sort=responseTime&direction=desc");
    const pages: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = await listed(simulations, "simulations", `q=sorttest&sort=responseTime&direction=desc&limit=2&offset=${offset}`);
      expect(page.total).toBe(5);
      pages.push(...page.rows.map(nameOf));
    }
    expect(pages).toEqual(whole);
  });

  it("puts records without a date last both ways, with filters and search still applied", async () => {
    const made: number[] = [];
    for (const [risk, nextReviewDate, status] of [
      ["Sortrisk one", "2026-05-01", "active"],
      ["Sortrisk two", null, "active"],
      ["Sortrisk three", "2026-01-01", "active"],
      ["Sortrisk four", "2026-03-01", "mitigated"],
    ] as const) {
      const res = await suite.admin.post<Row>(risks, { risk, category: "technical", likelihood: "low", impact: "low", mitigation: "Watch it", owner: "Ada", nextReviewDate, status });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id);
    }
    const titles = async (query: string) => (await listed(risks, "risks", `q=sortrisk&${query}`)).rows.map((row) => row.risk);
    expect(await titles("sort=nextReviewDate&direction=asc")).toEqual(["Sortrisk three", "Sortrisk four", "Sortrisk one", "Sortrisk two"]);
    expect(await titles("sort=nextReviewDate&direction=desc")).toEqual(["Sortrisk one", "Sortrisk four", "Sortrisk three", "Sortrisk two"]);
    expect(await titles("status=active&sort=nextReviewDate&direction=desc")).toEqual(["Sortrisk one", "Sortrisk three", "Sortrisk two"]);
  });

  it("answers 400 naming sort or direction when either is not one the family takes", async () => {
    for (const query of ["sort=notAField", "sort=mitigation", "sort=id", "sort=responseTime&direction=up", "direction=sideways"]) {
      const path = query.includes("mitigation") ? risks : simulations;
      const res = await suite.admin.get<ApiError>(`${path}?${query}`);
      expect(res.status, query).toBe(400);
      const field = query.startsWith("sort=") && !query.includes("direction") ? "sort" : "direction";
      expect(Object.keys(res.body.fields ?? {}), query).toEqual([field]);
    }
  });

  it("takes every sortable field of every field kind but long texts and lists", () => {
    expect(sortableFields(riskFamily)).toEqual(["risk", "category", "likelihood", "impact", "owner", "nextReviewDate", "status"]);
    expect(sortableFields(incidentSimulationFamily)).not.toContain("lessonsLearned");
  });
});
