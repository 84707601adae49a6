import { describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

describe.each(testDrivers)("lead reports on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("filters by Business Type and inclusive creation dates, with the total in a header", async () => {
    const rows: [string, string, string][] = [
      ["a", "retail", "2026-03-01T00:00:00Z"],
      ["b", "retail", "2026-03-10T23:59:59.999Z"],
      ["c", "retail", "2026-03-11T00:00:00Z"],
      ["d", "finance", "2026-03-05T12:00:00Z"],
    ];
    for (const [n, industry] of rows) {
      await suite.admin.post("/api/leads", { businessOwnerName: "R", businessOwnerLastName: n, businessName: `Report ${n}`, email: `report${n}@example.com`, industry });
    }
    for (const [n, , createdAt] of rows) {
      await suite.rt.ctx.database.executeSql(`UPDATE leads SET created_at = $1 WHERE email = $2`, [createdAt, `report${n}@example.com`]);
    }
    const names = async (query: string) => {
      const res = await suite.admin.get<Lead[]>(`/api/reports?${query}`);
      expect(res.status).toBe(200);
      return { total: res.headers["x-total-count"], names: res.body.map((l) => l.businessName) };
    };
    expect(await names("source=retail&startDate=2026-03-01&endDate=2026-03-10")).toEqual({ total: "2", names: ["Report b", "Report a"] });
    expect(await names("startDate=2026-03-05&endDate=2026-03-05")).toEqual({ total: "1", names: ["Report d"] });
    expect(await names("source=retail")).toEqual({ total: "3", names: ["Report c", "Report b", "Report a"] });
    expect(await names("")).toEqual({ total: "4", names: ["Report c", "Report b", "Report d", "Report a"] });
    expect(await names("source=retail&limit=1&offset=1")).toEqual({ total: "3", names: ["Report b"] });
  });

  it("answers 400 naming the field for invalid or reversed dates", async () => {
    expect((await suite.admin.get("/api/reports?startDate=2026-02-30")).body).toEqual({
      error: "startDate: startDate is not a real date",
      code: "field.not_real_date",
      params: { field: "startDate" },
      fields: { startDate: "startDate is not a real date" },
      fieldCodes: { startDate: { code: "field.not_real_date", params: { field: "startDate" } } },
    });
    expect((await suite.admin.get("/api/reports?endDate=yesterday")).body).toMatchObject({ fields: { endDate: "endDate must be a date (YYYY-MM-DD)" } });
    expect((await suite.admin.get("/api/reports?startDate=2026-03-10&endDate=2026-03-01")).body).toMatchObject({
      fields: { endDate: "endDate must be on or after startDate" },
    });
  });

  it("exports exactly the filtered report as CSV", async () => {
    const res = await suite.admin.get("/api/reports/export.csv?source=retail&startDate=2026-03-01&endDate=2026-03-10");
    expect(res.headers["content-disposition"]).toMatch(/filename="lead-report-/);
    const lines = res.text.slice(1).trimEnd().split("\r\n");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["Report b", "Report a"]);
  });
});

describe.each(testDrivers)("lead reports under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("reports a restricted agent's own and unassigned leads only, with their total; an administrator every lead", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.reports@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.reports@leadwell.test");
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => scopeLeadFields(`report ${group} ${i}`, { industry: "retail" }));
    await suite.rt.ctx.database.executeSql("UPDATE leads SET created_at = '2026-04-02T12:00:00Z'");
    const report = async (client: TestClient, query: string) => {
      const res = await client.get<Lead[]>(`/api/reports?${query}`);
      expect(res.status).toBe(200);
      return [res.headers["x-total-count"], res.body.map((l) => l.businessName).sort()];
    };
    const names = (...leads: Lead[]) => leads.map((l) => l.businessName).sort();
    const visible = names(...made.own, ...made.unassigned);
    const every = names(...made.own, ...made.unassigned, ...made.others);

    await setLeadAccess(suite.admin, "own");
    for (const query of ["", "source=retail", "startDate=2026-04-01&endDate=2026-04-30", "source=retail&startDate=2026-04-02&endDate=2026-04-02"]) {
      expect(await report(agent.client, query)).toEqual(["3", visible]);
      expect(await report(suite.admin, query)).toEqual(["6", every]);
    }
    await setLeadAccess(suite.admin, "all");
    expect(await report(agent.client, "source=retail")).toEqual(["6", every]);
  });
});
