import { beforeAll, describe, expect, it } from "vitest";
import type { Affiliate, AffiliateDetail } from "@contract/affiliates";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import type { Migration, MigrationReport } from "@contract/migration";
import { loadConfig } from "../../config";
import { csvDownload } from "../../test/csv-download";
import { multipartBody } from "../../test/multipart";
import { signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { setLeadAccess } from "../../test/lead-scope-fixture";
import { finished, uploadCsv } from "../../test/migration-upload";

async function leadByEmail(client: TestClient, email: string): Promise<Lead | undefined> {
  const res = await client.get<Lead[]>(`/api/leads?q=${encodeURIComponent(email)}&limit=5&view=full`);
  return res.body.find((lead) => lead.email.toLowerCase() === email.toLowerCase());
}

async function importNow(client: TestClient, csv: string | Buffer, fields: Record<string, string> = {}, filename = "leads.csv") {
  const res = await uploadCsv(client, "/api/migration/import-csv", csv, filename, fields);
  expect(res.status, res.text).toBe(202);
  return finished(client, res.body.id);
}

describe.each(testDrivers)("CSV migration on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let admin: TestClient;
  beforeAll(() => {
    admin = suite.admin;
  });

  it("imports the stated format (name, email, company, phone, industry, revenue) with quotes, newlines, doubled quotes and blank lines", async () => {
    const csv =
      "name,email,company,phone,industry,revenue\r\n" +
      'Ana Núñez,ana@nunez.test,"Núñez Bakery, S.L.",+34 600 000 000,retail,"1,250.50"\r\n' +
      "\r\n" +
      'Bo Lee,bo@lee.test,"The ""Best"" Shop",,technology,\n' +
      '"Cy Twoline",cy@two.test,"Line one\nline two",,,300\n' +
      ",,,,,\n";
    const migration = await importNow(admin, csv, { userEmail: "ops@leadwell.test" });
    expect(migration).toMatchObject({
      status: "completed",
      sourceFile: "leads.csv",
      columns: ["name", "email", "company", "phone", "industry", "revenue"],
      mapping: ["name", "email", "businessName", "phoneNumber", "industry", "revenue"],
      recordsTotal: 3,
      recordsProcessed: 3,
      imported: 3,
      errors: 0,
      recordsWithErrors: 0,
      failureReason: null,
    });
    expect(migration.completedAt).toEqual(expect.any(String));
    const ana = await leadByEmail(admin, "ana@nunez.test");
    expect(ana).toMatchObject({ businessOwnerName: "Ana", businessOwnerLastName: "Núñez", businessName: "Núñez Bakery, S.L.", phoneNumber: "+34 600 000 000", industry: "retail" });
    expect(ana!.kpi?.ytdRevenue).toBe("1250.50");
    expect(await leadByEmail(admin, "bo@lee.test")).toMatchObject({ businessName: 'The "Best" Shop', kpi: null });
    expect((await leadByEmail(admin, "cy@two.test"))!.businessName).toBe("Line one\nline two");
  });

  it("reads a semicolon file with a BOM, any lead field by its name, and reports bad rows with their row and field", async () => {
    const csv =
      "\uFEFFbusinessOwnerName;businessOwnerLastName;businessName;email;status;tags;currentCrmUsage;revenue\n" +
      "Dee;Semi;Semi Co;dee@semi.test;qualified;vip|wholesale;yes;1.500,25\n" +
      "Eve;Bad;Bad Co;not-an-email;new;;maybe;abc\n" +
      ";NoFirst;NoFirst Co;nofirst@semi.test;;;;\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ status: "completed", recordsTotal: 3, imported: 1, errors: 2, recordsWithErrors: 2 });
    expect(await leadByEmail(admin, "dee@semi.test")).toMatchObject({ status: "qualified", tags: ["vip", "wholesale"], currentCrmUsage: true, kpi: { ytdRevenue: "1500.25" } });
    const rows = csvDownload(await admin.get(`/api/migration/${migration.id}/errors.csv`), `migration-${migration.id}-errors`);
    expect(rows[0]).toEqual(["row", "field", "message", "lead_id", "lead_url", "imported_lead_id", "merge_url"]);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        ["3", "email", "Valid email is required", "", "", "", ""],
        ["3", "currentCrmUsage", "Must be yes or no (true/false, 1/0)", "", "", "", ""],
        ["3", "revenue", "Please enter a valid number (at most 2 decimals)", "", "", "", ""],
        ["4", "businessOwnerName", "First name is required", "", "", "", ""],
      ]),
    );
  });

  it("neutralises formula cells in the error report, and stores them as text", async () => {
    const csv = "name,email,company\n" + '=HYPERLINK("http://evil.test") Doe,=cmd@evil,"@SUM(A1) Ltd"\n' + "Fay Formula,fay@formula.test,+Plus Co\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ imported: 1, errors: 1 });
    expect((await leadByEmail(admin, "fay@formula.test"))!.businessName).toBe("+Plus Co");
    const res = await admin.get(`/api/migration/${migration.id}/errors.csv`);
    const rows = csvDownload(res, `migration-${migration.id}-errors`);
    expect(rows).toContainEqual(["2", "email", "Valid email is required", "", "", "", ""]);
    // Nothing in the report starts a cell with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("skips duplicates inside the file and against the table by default", async () => {
    const csv = "name,email,company,revenue\n" + "Gus One,gus@dup.test,First Co,10\n" + "Gus Two,GUS@dup.test,Second Co,20\n" + "Ana Again,ana@nunez.test,Other Co,99\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ duplicates: "skip", recordsProcessed: 3, imported: 1, recordsSkipped: 2, errors: 0 });
    expect(await leadByEmail(admin, "gus@dup.test")).toMatchObject({ businessOwnerName: "Gus", businessOwnerLastName: "One", businessName: "First Co", kpi: { ytdRevenue: "10.00" } });
    expect(await leadByEmail(admin, "ana@nunez.test")).toMatchObject({ businessName: "Núñez Bakery, S.L.", kpi: { ytdRevenue: "1250.50" } });
  });

  it("names the existing lead a skipped row matched in its report, as JSON and as CSV with the lead's page", async () => {
    const ana = (await leadByEmail(admin, "ana@nunez.test"))!;
    const csv = "name,email,company\n" + "Ana Copy,ANA@Nunez.test,Copy Co\n" + "Lou New,lou@report.test,Lou Co\n" + "Lou Twice,lou@report.test,Lou Co 2\n" + "Bad Row,not-an-email,Bad Co\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ imported: 1, recordsSkipped: 2, errors: 1 });
    const lou = (await leadByEmail(admin, "lou@report.test"))!;

    const report = await admin.get<MigrationReport>(`/api/migration/${migration.id}/report`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toEqual({
      lines: [
        { rowNumber: 2, field: "email", code: "migration.duplicate_skipped", message: "Skipped: a lead with this email already exists", lead: { id: ana.id, businessName: ana.businessName }, importedLead: null },
        { rowNumber: 4, field: "email", code: "migration.duplicate_skipped", message: "Skipped: a lead with this email already exists", lead: { id: lou.id, businessName: "Lou Co" }, importedLead: null },
        { rowNumber: 5, field: "email", code: "field.email_required", message: "Valid email is required", lead: null, importedLead: null },
      ],
      nextCursor: null,
    });

    const rows = csvDownload(await admin.get(`/api/migration/${migration.id}/errors.csv`), `migration-${migration.id}-errors`);
    expect(rows[0]).toEqual(["row", "field", "message", "lead_id", "lead_url", "imported_lead_id", "merge_url"]);
    expect(rows[1]).toEqual(["2", "email", "Skipped: a lead with this email already exists", String(ana.id), expect.stringMatching(new RegExp(`^https?://[^/]+/leads/${ana.id}$`)), "", ""]);
    expect(rows[2]!.slice(3, 4)).toEqual([String(lou.id)]);

    for (const cursor of ["x", "1", "99999999999.1", "1.99999999999", "-1.2"]) {
      const hostile = await admin.get<ApiError>(`/api/migration/${migration.id}/report?cursor=${encodeURIComponent(cursor)}`);
      expect(hostile.status, cursor).toBe(400);
    }
    expect((await admin.get(`/api/migration/999999/report`)).status).toBe(404);
  });

  it("imports a row whose phone number is already a lead's and marks it in the report as a likely duplicate, naming both leads", async () => {
    const ana = (await leadByEmail(admin, "ana@nunez.test"))!;
    const csv =
      "name,email,company,phone\n" +
      "Pat Phone,pat@phone.test,Pat Co,0034 600-000-000\n" + // Ana's number written another way
      "Quin One,quin@one.test,Quin Co,+1 (415) 555-0101\n" +
      "Quin Two,quin@two.test,Quin Two Co,415.555.0101\n" + // an earlier row's number
      "Ana Again,ana@nunez.test,Ana Again Co,+34 600 000 000\n" + // skipped by its email: not marked again
      "Sho Rt,short@phone.test,Short Co,12345\n"; // too short to compare
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ imported: 4, recordsSkipped: 1, errors: 0, likelyDuplicates: 2 });
    const [pat, quinOne, quinTwo] = await Promise.all(["pat@phone.test", "quin@one.test", "quin@two.test"].map(async (email) => (await leadByEmail(admin, email))!));

    const message = "Imported, but a lead with this phone number already exists: compare the two and merge them if they are the same";
    const report = await admin.get<MigrationReport>(`/api/migration/${migration.id}/report`);
    expect(report.body.lines).toEqual([
      { rowNumber: 2, field: "phoneNumber", code: "migration.likely_duplicate", message, lead: { id: ana.id, businessName: ana.businessName }, importedLead: { id: pat!.id, businessName: "Pat Co" } },
      { rowNumber: 4, field: "phoneNumber", code: "migration.likely_duplicate", message, lead: { id: quinOne!.id, businessName: "Quin Co" }, importedLead: { id: quinTwo!.id, businessName: "Quin Two Co" } },
      { rowNumber: 5, field: "email", code: "migration.duplicate_skipped", message: "Skipped: a lead with this email already exists", lead: { id: ana.id, businessName: ana.businessName }, importedLead: null },
    ]);
    const rows = csvDownload(await admin.get(`/api/migration/${migration.id}/errors.csv`), `migration-${migration.id}-errors`);
    expect(rows[1]!.slice(0, 4)).toEqual(["2", "phoneNumber", message, String(ana.id)]);
    expect(rows[1]![5]).toBe(String(pat!.id));
    expect(rows[1]![6]).toMatch(new RegExp(`^https?://[^/]+/leads/${ana.id}/merge/${pat!.id}$`));

    // An agent limited to their own leads reads the report without the leads someone else holds.
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Rhea Report", email: "rhea.report@leadwell.test" });
    const me = await admin.get<{ id: number }>("/api/auth/me");
    expect((await admin.put(`/api/leads/${ana.id}`, { assigneeId: me.body.id })).status).toBe(200);
    await setLeadAccess(admin, "own");
    try {
      const limited = await agent.get<MigrationReport>(`/api/migration/${migration.id}/report`);
      expect(limited.body.lines.map((line) => [line.rowNumber, line.lead, line.importedLead])).toEqual([
        [2, null, { id: pat!.id, businessName: "Pat Co" }],
        [4, { id: quinOne!.id, businessName: "Quin Co" }, { id: quinTwo!.id, businessName: "Quin Two Co" }],
        [5, null, null],
      ]);
      expect(limited.text).not.toContain(ana.businessName);
    } finally {
      await setLeadAccess(admin, "all");
      expect((await admin.put(`/api/leads/${ana.id}`, { assigneeId: null })).status).toBe(200);
    }
  });

  it("pages a long report with nextCursor, in row order", async () => {
    const csv = "name,email,company\n" + Array.from({ length: 60 }, (_, i) => `Ana Copy${i},ana@nunez.test,Copy ${i}`).join("\n") + "\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ imported: 0, recordsSkipped: 60 });
    const first = await admin.get<MigrationReport>(`/api/migration/${migration.id}/report`);
    expect(first.body.lines).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await admin.get<MigrationReport>(`/api/migration/${migration.id}/report?cursor=${first.body.nextCursor}`);
    expect(second.body.lines.map((line) => line.rowNumber)).toEqual(Array.from({ length: 10 }, (_, i) => 52 + i));
    expect(second.body.nextCursor).toBeNull();
  });

  it("updates existing leads with the row's values when asked, keeping fields a row leaves blank", async () => {
    const csv = "name,email,company,phone,revenue\n" + "Ana Núñez,ANA@nunez.test,Núñez Bakery Group,,2000\n" + "Hal New,hal@new.test,Hal Co,,\n" + "Hal Newer,hal@new.test,Hal Co 2,,5\n";
    const migration = await importNow(admin, csv, { duplicates: "update" });
    expect(migration).toMatchObject({ duplicates: "update", recordsProcessed: 3, imported: 3, recordsUpdated: 2, recordsSkipped: 0, errors: 0 });
    expect(await leadByEmail(admin, "ana@nunez.test")).toMatchObject({ businessName: "Núñez Bakery Group", phoneNumber: "+34 600 000 000", kpi: { ytdRevenue: "2000.00" } });
    expect(await leadByEmail(admin, "hal@new.test")).toMatchObject({ businessOwnerLastName: "Newer", businessName: "Hal Co 2", kpi: { ytdRevenue: "5.00" } });
  });

  it("credits an affiliateCode column to the partner, as the lead API does", async () => {
    const signup = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Pat Partner", businessName: "Partner Ltd", email: "pat@partner.test", password: "secret1" });
    expect(signup.status).toBe(201);
    const code = signup.body.uniqueCode;
    const spaced = `${code.slice(0, 3)}-${code.slice(3).toLowerCase()}`;
    const csv = "name,email,company,affiliateCode\n" + `Ivy Ref,ivy@ref.test,Ivy Co,${spaced}\n` + "Jon Ref,jon@ref.test,Jon Co,NOSUCH\n";
    const migration = await importNow(admin, csv);
    expect(migration).toMatchObject({ imported: 2, errors: 0 });
    const detail = await admin.get<AffiliateDetail>(`/api/affiliates/${signup.body.id}`);
    expect(detail.body.affiliate.totalReferrals).toBe(1);
    expect(detail.body.referrals.map((referral) => referral.leadId)).toEqual([(await leadByEmail(admin, "ivy@ref.test"))!.id]);
    expect((await leadByEmail(admin, "ivy@ref.test"))!.affiliateCode).toBe(spaced);
  });

  it("uploads first, shows the detected mapping, and imports with the corrected one", async () => {
    const csv = "Contact,E-mail address,Organisation,Notes\n" + "Kim Map,kim@map.test,Map Co,call back\n";
    const uploaded = await uploadCsv(admin, "/api/migration/uploads", csv, "crm-export.CSV");
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({ status: "awaiting_mapping", columns: ["Contact", "E-mail address", "Organisation", "Notes"], mapping: ["name", "email", null, null], recordsTotal: 1 });
    const missing = await admin.post<ApiError>(`/api/migration/${uploaded.body.id}/start`, { mapping: ["name", "email", null, null] });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("migration.name_unmapped");
    const twice = await admin.post<ApiError>(`/api/migration/${uploaded.body.id}/start`, { mapping: ["name", "email", "businessName", "businessName"] });
    expect(twice.status).toBe(400);
    expect(twice.body.fieldCodes?.["mapping.3"]?.code).toBe("migration.mapping_twice");
    const started = await admin.post<Migration>(`/api/migration/${uploaded.body.id}/start`, { mapping: ["name", "email", "businessName", "crmChallengesOther"], duplicates: "skip" });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("in_progress");
    expect(await finished(admin, started.body.id)).toMatchObject({ status: "completed", imported: 1 });
    expect(await leadByEmail(admin, "kim@map.test")).toMatchObject({ businessName: "Map Co", crmChallengesOther: "call back" });
    const again = await admin.post<ApiError>(`/api/migration/${uploaded.body.id}/start`, { mapping: ["name", "email", "businessName", null] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("migration.already_started");
  });

  it("refuses a non-CSV file, a missing file, an empty file and a body that is not multipart, importing nothing", async () => {
    const before = (await admin.get<Migration[]>("/api/migration/status")).body.length;
    const notCsv = await uploadCsv(admin, "/api/migration/import-csv", "name,email\n", "leads.xlsx");
    expect(notCsv.status).toBe(400);
    expect(notCsv.body).toMatchObject({ code: "migration.not_csv", fieldCodes: { csvFile: { code: "migration.not_csv" } } });
    const { payload, headers } = multipartBody([{ name: "userEmail", value: "ops@leadwell.test" }]);
    const none = await admin.request<ApiError>("POST", "/api/migration/import-csv", payload, headers);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("migration.file_required");
    const headerOnly = await uploadCsv(admin, "/api/migration/import-csv", "name,email,company\n\n");
    expect(headerOnly.body.code).toBe("migration.no_rows");
    const json = await admin.post<ApiError>("/api/migration/import-csv", { csvFile: "name,email" });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe("migration.multipart_required");
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=nothing-like-the-body"]) {
      const malformed = await admin.request<ApiError>("POST", "/api/migration/import-csv", "--x\r\n\r\n", { "content-type": contentType });
      expect(malformed.status, malformed.text).toBe(400);
      expect(malformed.body.code).toBe("migration.multipart_required");
    }
    const broken = await uploadCsv(admin, "/api/migration/import-csv", 'name,email,company\n"unclosed,a@b.test,Co\n');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("migration.invalid_csv");
    expect((await admin.get<Migration[]>("/api/migration/status")).body.length).toBe(before);
  });

  it("lists migrations newest first, and keeps a viewer from importing", async () => {
    const list = await admin.get<Migration[]>("/api/migration/status");
    expect(list.status).toBe(200);
    expect(list.body[0]!.id).toBeGreaterThan(list.body.at(-1)!.id);
    expect(list.body.every((m) => m.createdBy === "ada@leadwell.test")).toBe(true);
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vic Viewer", email: "vic@leadwell.test" });
    expect((await viewer.get("/api/migration/status")).status).toBe(200);
    const refused = await uploadCsv(viewer, "/api/migration/import-csv", "name,email,company\nA B,a@b.test,C\n");
    expect(refused.status).toBe(403);
    expect((await admin.get("/api/migration/999999")).status).toBe(404);
  });
});

describe("CSV migration size limit", () => {
  const suite = suiteWithAdmin("pglite", { migration: { ...loadConfig({}).migration, maxBytes: 100_000 } });

  it("answers 413 with a coded message for a file over MIGRATION_MAX_BYTES, leaving nothing behind", async () => {
    const big = "name,email,company\n" + Array.from({ length: 6000 }, (_, i) => `Big Row${i},big${i}@size.test,Big Co ${i}`).join("\n");
    const res = await uploadCsv(suite.admin, "/api/migration/import-csv", big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "migration.file_too_large", params: { maxMegabytes: 0.1 } });
    // Just over the limit, but under the Content-Length pre-check's slack: refused while streaming.
    const edge = "name,email,company\n" + Array.from({ length: 3000 }, (_, i) => `Edge Row${i},edge${i}@size.test,Edge Co ${i}`).join("\n");
    expect(Buffer.byteLength(edge)).toBeGreaterThan(100_000);
    const streamed = await uploadCsv(suite.admin, "/api/migration/import-csv", edge);
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe("migration.file_too_large");
    expect((await suite.admin.get<Migration[]>("/api/migration/status")).body).toEqual([]);
  });
});
