import { describe, expect, it } from "vitest";
import { csvDownload } from "../../test/csv-download";
import { expectNoFormulaCells, spreadsheetCells } from "../../test/spreadsheet-cells";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const DDE = "=cmd|' /C calc'!A0";

describe.each(testDrivers)("audit trail CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("shows no formula from a failed sign-in's user agent or email to a spreadsheet reading with a comma, a semicolon or a tab", async () => {
    const agent = `Acme;${DDE};`;
    const email = "-2+3+cmd@evil.test";
    const res = await suite.rt.client().post("/api/auth/login", { email, password: "wrong password here" }, { "user-agent": agent });
    expect(res.status).toBe(401);

    const csv = await suite.admin.get("/api/enterprise/audit-trail/export.csv?action=auth.login_failed");
    const [header, ...rows] = csvDownload(csv, "audit-trail");
    const row = rows.find((cells) => cells[header!.indexOf("User agent")]!.startsWith("Acme;"));
    expect(row).toBeDefined();
    // Read with commas, the cells keep their text, an apostrophe before each part a spreadsheet would run.
    expect(row![header!.indexOf("User agent")]).toBe(`Acme;'${DDE};`);
    expect(row![header!.indexOf("User")]).toBe(`'${email}`);
    expect(row![header!.indexOf("Action")]).toBe("auth.login_failed");
    // Read with semicolons, as Spanish, German and French Excel do, the DDE call is a cell of its own, behind the apostrophe.
    expect(spreadsheetCells(csv.text, ";")).toContain(`'${DDE}`);
    expectNoFormulaCells(csv.text);
  });
});
