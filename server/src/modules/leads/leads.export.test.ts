import { describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import type { Migration } from "@contract/migration";
import { csvDownload } from "../../test/csv-download";
import { finished, uploadCsv } from "../../test/migration-upload";
import { expectNoFormulaCells, formulaCells, spreadsheetCells } from "../../test/spreadsheet-cells";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const DDE = "=cmd|' /C calc'!A0";

/** Every field the lead export writes and the CSV import reads back, each holding something awkward. */
const awkwardLead = {
  businessOwnerName: `José "Pepe";${DDE}`,
  businessOwnerLastName: "'=Núñez, @SUM(1+1)",
  businessName: `Acme;${DDE};\nLínea dos, "citada"\t-2+3+cmd|' /C calc'!A0`,
  email: "jose.nunez+csv@example.com",
  phoneNumber: "+34 600 111 333",
  industry: "@finance; +retail",
  yearsInBusiness: "-1+1",
  employeeCount: "+cmd|' /C calc'!A0",
  status: "qualified",
  priority: "high",
  pipelineStage: "Negotiation; -50%",
  leadSource: 'ads\t=HYPERLINK("http://evil.test")',
  affiliateCode: "'+REF-1",
  assignedTo: "Zoë, the 'closer'",
  tags: ["=vip", "+34 600", "a,b", "Ñandú", '"quoted"', "-x", "'s-Hertogenbosch"],
} as const;

const exportedFields = Object.keys(awkwardLead) as (keyof typeof awkwardLead)[];

async function byEmail(client: TestClient, email: string): Promise<Lead | undefined> {
  const res = await client.get<Lead[]>(`/api/leads?q=${encodeURIComponent(email)}&view=full`);
  return res.body.find((lead) => lead.email === email);
}

describe("the spreadsheet check of these tests", () => {
  it("finds formulas in a file written without the guard (the check itself works)", () => {
    expect(formulaCells(`\uFEFFID,Business\r\n1,Acme;${DDE}\r\n`)).toEqual(expect.arrayContaining([{ separator: ";", cell: DDE }]));
    expect(formulaCells('\uFEFFID,Business\r\n1,"Acme,\n@SUM(1)"\r\n')).toEqual(expect.arrayContaining([{ separator: ";", cell: '@SUM(1)"' }]));
    expect(formulaCells("\uFEFFPhone\r\n+34 600 111 333\r\n")).toEqual([]);
  });
});

describe.each(testDrivers)("lead CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("shows no formula to a spreadsheet reading with a comma, a semicolon or a tab, and leaves a phone number as it is", async () => {
    const created = await suite.admin.post<Lead>("/api/leads", { ...awkwardLead, email: "sep@example.com" });
    expect(created.status, created.text).toBe(201);
    const res = await suite.admin.get(`/api/leads/export.csv?q=${encodeURIComponent("sep@example.com")}`);
    const [header, row, ...rest] = csvDownload(res, "leads");
    expect(rest).toEqual([]);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("Phone")).toBe("+34 600 111 333");
    expect(cell("Business")).toBe(`Acme;'${DDE};\nLínea dos, "citada"\t'-2+3+cmd|' /C calc'!A0`);
    expect(cell("Tags")).toBe(`'=vip;' +34 600; a,b; Ñandú; "quoted";' -x; 's-Hertogenbosch`);
    // The same file read as Spanish, German or French Excel reads it finds the DDE call only behind an apostrophe.
    expect(spreadsheetCells(res.text, ";")).toContain(`'${DDE}`);
    expectNoFormulaCells(res.text);
  });

  it("re-imports through the CSV migration as the same lead, field by field", async () => {
    const created = await suite.admin.post<Lead>("/api/leads", awkwardLead);
    expect(created.status, created.text).toBe(201);
    const kpi = await suite.admin.post("/api/kpi", { email: awkwardLead.email, ytdRevenue: 1250.5, mrr: 10, topProducts: [] });
    expect(kpi.status, kpi.text).toBe(200);
    const original = (await suite.admin.get<Lead>(`/api/leads/${created.body.id}`)).body;
    for (const field of exportedFields) expect(original[field], field).toEqual(awkwardLead[field]);

    const exported = await suite.admin.get(`/api/leads/export.csv?q=${encodeURIComponent(awkwardLead.email)}`);
    expect(csvDownload(exported, "leads")).toHaveLength(2);
    expect((await suite.admin.delete(`/api/leads/${original.id}`)).status).toBe(200);

    const upload = await uploadCsv(suite.admin, "/api/migration/import-csv", exported.text, "leads-export.csv");
    expect(upload.status, upload.text).toBe(202);
    const migration: Migration = await finished(suite.admin, upload.body.id);
    expect(migration).toMatchObject({ status: "completed", imported: 1, errors: 0, recordsWithErrors: 0 });

    const reimported = await byEmail(suite.admin, awkwardLead.email);
    expect(reimported).toBeDefined();
    expect(reimported!.id).not.toBe(original.id);
    for (const field of exportedFields) expect(reimported![field], field).toEqual(original[field]);
    expect(reimported!.kpi?.ytdRevenue).toBe(original.kpi!.ytdRevenue);
  });
});
