import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { csvDownload } from "../../test/csv-download";
import { ADMIN, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const HEADER = ["ID", "Submitted", "Type", "From", "Description", "Screenshot URL"];

describe.each(testDrivers)("feedback CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answers 401 JSON when signed out", async () => {
    const res = await suite.rt.client().get("/api/feedback/export.csv");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "request.unauthorized" });
  });

  it("sends the header row only when there is no feedback", async () => {
    expect(csvDownload(await suite.admin.get("/api/feedback/export.csv"), "feedback")).toEqual([HEADER]);
  });

  it("exports every entry newest first, accents intact and formula-like text guarded, filtered by type", async () => {
    await suite.admin.post("/api/feedback", { type: "General", description: "Café con leche, señor — ¡gracias!" });
    await suite.admin.post("/api/feedback", { type: "Bug", description: '=HYPERLINK("http://evil","click")', screenshotUrl: "https://example.com/shot.png" });
    const rows = csvDownload(await suite.admin.get("/api/feedback/export.csv"), "feedback");
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r.slice(2))).toEqual([
      ["Bug", ADMIN.email, `'=HYPERLINK("http://evil","click")`, "https://example.com/shot.png"],
      ["General", ADMIN.email, "Café con leche, señor — ¡gracias!", ""],
    ]);
    expect(rows[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const bugs = csvDownload(await suite.admin.get("/api/feedback/export.csv?type=Bug"), "feedback");
    expect(bugs.slice(1).map((r) => r[2])).toEqual(["Bug"]);
    const requests = csvDownload(await suite.admin.get("/api/feedback/export.csv?type=Feature%20Request"), "feedback");
    expect(requests).toEqual([HEADER]);
  });

  it("refuses a bad filter with 400 JSON naming it, before any CSV is sent", async () => {
    const badType = await suite.admin.get("/api/feedback/export.csv?type=Rant");
    expect(badType.status).toBe(400);
    expect(badType.headers["content-type"]).toMatch(/^application\/json/);
    expect(badType.body).toMatchObject({ fields: { type: "Type must be one of: General, Bug, Feature Request" } });
    const unknown = await suite.admin.get("/api/feedback/export.csv?limit=5");
    expect(unknown.status).toBe(400);
    expect(unknown.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("streams past one batch without losing or repeating rows that share a timestamp", async () => {
    // 4,500 rows with one created_at: the keyset must break ties by id across batch boundaries.
    await suite.rt.ctx.db.execute(sql`
      INSERT INTO feedback (user_email, type, description, created_at)
      SELECT 'bulk@example.com', 'General', 'Bulk ' || n, '2026-01-02T03:04:05.678Z'::timestamptz FROM generate_series(1, 4500) AS n`);
    const rows = csvDownload(await suite.admin.get("/api/feedback/export.csv?type=General"), "feedback").slice(1);
    expect(rows).toHaveLength(4501);
    const bulk = rows.filter((r) => r[3] === "bulk@example.com").map((r) => r[4]);
    expect(new Set(bulk).size).toBe(4500);
    expect(bulk[0]).toBe("Bulk 4500");
    expect(bulk.at(-1)).toBe("Bulk 1");
  });
});
