import { beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import { csvDownload } from "../../test/csv-download";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

/*
 * Export Data exports what a saved view shows (issue 26.2): the list's filters and sort, and with `columns` the ID
 * and the table's visible columns in their order.
 */
describe.each(testDrivers)("lead CSV export of a view's columns on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const [key, business, status, stage] of [
      ["a", "Columns Alpha", "new", "Proposal"],
      ["b", "Columns Beta", "qualified", null],
      ["c", "Columns Gamma", "new", null],
    ] as const) {
      const res = await suite.admin.post<Lead>("/api/leads", {
        businessOwnerName: `Owner ${key}`,
        businessOwnerLastName: "Cols",
        businessName: business,
        email: `columns-${key}@example.com`,
        phoneNumber: `+34 600 000 00${key.charCodeAt(0) - 96}`,
        industry: "retail",
        status,
        pipelineStage: stage ?? undefined,
        assignedTo: "Ana Ruiz",
      });
      expect(res.status, res.text).toBe(201);
      ids[key] = res.body.id;
    }
  });

  it("writes the ID and the columns asked for, in their order, under the view's filters and sort", async () => {
    const res = await suite.admin.get("/api/leads/export.csv?q=Columns&status=new&sort=businessName&dir=desc&columns=stage,business,email,assignee");
    const [header, ...rows] = csvDownload(res, "leads");
    expect(header).toEqual(["ID", "Pipeline stage", "Business", "Email", "Phone", "Assigned to"]);
    expect(rows).toEqual([
      [String(ids.c), "New", "Columns Gamma", "columns-c@example.com", "+34 600 000 003", "Ana Ruiz"],
      [String(ids.a), "Proposal", "Columns Alpha", "columns-a@example.com", "+34 600 000 001", "Ana Ruiz"],
    ]);
  });

  it("reads the columns repeated as well as comma-separated, each once", async () => {
    const res = await suite.admin.get("/api/leads/export.csv?q=Columns&sort=businessName&dir=asc&columns=owner&columns=status,owner");
    const [header, ...rows] = csvDownload(res, "leads");
    expect(header).toEqual(["ID", "First name", "Last name", "Status"]);
    expect(rows.map((row) => row[0])).toEqual([ids.a, ids.b, ids.c].map(String));
    expect(rows[1]).toEqual([String(ids.b), "Owner b", "Cols", "qualified"]);
  });

  it("writes every exported field without columns", async () => {
    const [header] = csvDownload(await suite.admin.get("/api/leads/export.csv?q=Columns"), "leads");
    expect(header).toEqual(expect.arrayContaining(["ID", "Business", "Email", "Tags", "YTD revenue", "Created", "Updated"]));
  });

  it("answers 400 naming an unknown column, writing nothing", async () => {
    const res = await suite.admin.get<{ error: string; code: string; fields: Record<string, string> }>("/api/leads/export.csv?columns=business,favourite");
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body.code).toBe("lead.unknown_column");
    expect(res.body.error).toBe("columns: Unknown column: favourite");
    expect(Object.keys(res.body.fields)).toEqual(["columns"]);
  });
});
