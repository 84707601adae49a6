import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import { MIGRATION_MAX_FIELD_BYTES, MIGRATION_MAX_RECORD_BYTES, type Migration } from "@contract/migration";
import { ConfigError, loadConfig } from "../../config";
import { rawRows } from "../../db/raw-rows";
import { createRuntime, type Runtime } from "../../runtime";
import { uploadCsv, uploadInParts } from "../../test/migration-upload";
import { ADMIN, signedInAdmin, startTestRuntime, suiteWithAdmin, TestClient, testDrivers, type TestRuntime } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

const defaults = loadConfig({}).migration;
const rows = (count: number, domain: string) => Array.from({ length: count }, (_, i) => `Lim It${i},row${i}@${domain},Limit Co ${i}\n`).join("");

/** Staged rows left in the database, by any upload: a refused one must leave none. */
async function stagedChunks(rt: TestRuntime): Promise<number> {
  const [row] = await rawRows<{ chunks: number }>(rt.ctx.db, sql`SELECT count(*)::int AS chunks FROM migration_chunks`);
  return row!.chunks;
}

const migrations = async (client: TestClient) => (await client.get<Migration[]>("/api/migration/status")).body;

describe("CSV import limits in the configuration", () => {
  it("reads them from the environment at start-up, and refuses values that are not whole numbers in range", () => {
    expect(defaults).toMatchObject({ maxActive: 4, maxActivePerInstance: 2, uploadExpiryMs: 24 * 60 * 60_000 });
    expect(loadConfig({ MIGRATION_MAX_ACTIVE: "8", MIGRATION_MAX_ACTIVE_PER_INSTANCE: "3", MIGRATION_UPLOAD_EXPIRY_MINUTES: "90" }).migration).toMatchObject({
      maxActive: 8,
      maxActivePerInstance: 3,
      uploadExpiryMs: 90 * 60_000,
    });
    for (const [name, value] of [["MIGRATION_MAX_ACTIVE", "0"], ["MIGRATION_MAX_ACTIVE_PER_INSTANCE", "two"], ["MIGRATION_UPLOAD_EXPIRY_MINUTES", "0.5"]] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name}: `));
    }
  });
});

describe.each(testDrivers)("CSV import limits on %s", (driver) => {
  describe("the size of one row and one cell", () => {
    const suite = suiteWithAdmin(driver);

    it("refuses a row over its limit (a huge row, a file with no line break, an unclosed quote) with a 400 naming the row, and stores nothing", async () => {
      const hugeRow = "name,email,company\n" + "Ana Row,ana@row.test,Row Co\n" + "Big Row,big@row.test," + "x".repeat(MIGRATION_MAX_RECORD_BYTES + 10) + "\nCy Row,cy@row.test,Co\n";
      const res = await uploadCsv(suite.admin, "/api/migration/import-csv", hugeRow);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        code: "migration.record_too_large",
        params: { row: 3, line: 3, maxKilobytes: MIGRATION_MAX_RECORD_BYTES / 1024 },
        fieldCodes: { csvFile: { code: "migration.record_too_large" } },
      });
      expect(res.body.error).toBe("csvFile: Row 3 (line 3) is larger than the 1024 KB a row may be: is this a CSV file with a line break after each row?");

      const noLineBreak = await uploadCsv(suite.admin, "/api/migration/uploads", "name;email;company;" + "y".repeat(MIGRATION_MAX_RECORD_BYTES + 10));
      expect(noLineBreak.status).toBe(400);
      expect(noLineBreak.body).toMatchObject({ code: "migration.record_too_large", params: { row: 1, line: 1 } });

      // An unclosed quote swallows the rest of the file into one cell: refused at the limit, not at the end of the file.
      const unclosed = "name,email,company\n" + 'Dee Quote,dee@quote.test,"never closed\n' + "Row,row@quote.test,Co\n".repeat(60_000);
      const quoted = await uploadCsv(suite.admin, "/api/migration/uploads", unclosed);
      expect(quoted.status).toBe(400);
      expect(quoted.body).toMatchObject({ code: "migration.record_too_large", params: { row: 2, line: 2 } });

      expect(await migrations(suite.admin)).toEqual([]);
      expect(await stagedChunks(suite.rt)).toBe(0);
    });

    it("refuses a cell over its limit with a 400 naming its row and column, and stores nothing", async () => {
      const csv = "name,email,company,notes\n" + "Ed Cell,ed@cell.test,Cell Co,short\n" + "Flo Cell,flo@cell.test,Cell Co," + "n".repeat(MIGRATION_MAX_FIELD_BYTES + 1) + "\n";
      const res = await uploadCsv(suite.admin, "/api/migration/import-csv", csv);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        code: "migration.field_too_large",
        params: { row: 3, column: "notes", maxKilobytes: MIGRATION_MAX_FIELD_BYTES / 1024 },
        fieldCodes: { csvFile: { code: "migration.field_too_large" } },
      });
      expect(await migrations(suite.admin)).toEqual([]);
      expect(await stagedChunks(suite.rt)).toBe(0);
    });

    it("still imports long rows within the limits", async () => {
      const notes = "a".repeat(MIGRATION_MAX_FIELD_BYTES);
      const csv = "name,email,company,notes\n" + Array.from({ length: 20 }, (_, i) => `Gil Long${i},gil${i}@long.test,Long Co,${notes}\n`).join("");
      const uploaded = await uploadCsv(suite.admin, "/api/migration/uploads", csv);
      expect(uploaded.status, uploaded.text).toBe(201);
      expect(uploaded.body).toMatchObject({ status: "awaiting_mapping", recordsTotal: 20, columns: ["name", "email", "company", "notes"] });
      const started = await suite.admin.post<Migration>(`/api/migration/${uploaded.body.id}/start`, { mapping: ["name", "email", "businessName", null] });
      expect(started.status, started.text).toBe(202);
      const done = await waitFor(
        async () => (await suite.admin.get<Migration>(`/api/migration/${uploaded.body.id}`)).body,
        (migration) => migration.status !== "in_progress",
        120_000,
      );
      expect(done).toMatchObject({ status: "completed", imported: 20, errors: 0 });
    });
  });

  describe("imports at once", () => {
    let rt: TestRuntime;
    let admin: TestClient;
    let other: Runtime | undefined;
    beforeAll(async () => {
      // No workers: an import started stays in progress, so it keeps counting.
      rt = await startTestRuntime(driver, { migration: { ...defaults, maxActive: 1, maxActivePerInstance: 3 } }, { workers: false, pollingIntervalSeconds: 0.5 });
      admin = await signedInAdmin(rt);
    });
    afterAll(async () => {
      await other?.close();
      await rt?.stop();
    });

    it("refuses a new upload with 429 while MIGRATION_MAX_ACTIVE imports are uploading or running, on any instance, storing nothing", async () => {
      const first = uploadInParts(admin, "/api/migration/uploads", "name,email,company\n" + rows(10, "first.test"));
      const uploading = await waitFor(() => migrations(admin), (list) => list.some((m) => m.status === "uploading"));
      expect(uploading).toMatchObject([{ status: "uploading", sourceFile: "leads.csv", expiresAt: null }]);

      const refused = await uploadCsv(admin, "/api/migration/uploads", "name,email,company\n" + rows(3, "refused.test"), "second.csv");
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toMatchObject({ code: "migration.too_many_imports", params: { limit: 1 } });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

      if (driver === "postgres") {
        // Another instance on the same database counts the same imports.
        other = await createRuntime(rt.ctx.config, { workers: false });
        const elsewhere = new TestClient(other);
        expect((await elsewhere.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
        const there = await uploadCsv(elsewhere, "/api/migration/import-csv", "name,email,company\n" + rows(3, "there.test"), "there.csv");
        expect(there.status, there.text).toBe(429);
        expect(there.body).toMatchObject({ code: "migration.too_many_imports", params: { limit: 1 } });
      }

      const done = await first.finish(rows(5, "first-end.test"));
      expect(done.status, done.text).toBe(201);
      expect(done.body).toMatchObject({ status: "awaiting_mapping", recordsTotal: 15 });
      expect(Date.parse(done.body.expiresAt!)).toBeGreaterThan(Date.now());
      const list = await migrations(admin);
      expect(list.map((m) => m.sourceFile)).toEqual(["leads.csv"]);
    });

    it("refuses to start an import with 429 while MIGRATION_MAX_ACTIVE are running; the upload waits, unchanged", async () => {
      const [waiting] = await migrations(admin);
      const second = await uploadCsv(admin, "/api/migration/uploads", "name,email,company\n" + rows(4, "second.test"), "second.csv");
      expect(second.status, second.text).toBe(201);
      const started = await admin.post<Migration>(`/api/migration/${waiting!.id}/start`, { mapping: ["name", "email", "businessName"] });
      expect(started.status, started.text).toBe(202);
      const refused = await admin.post<ApiError>(`/api/migration/${second.body.id}/start`, { mapping: ["name", "email", "businessName"] });
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toMatchObject({ code: "migration.too_many_imports", params: { limit: 1 } });
      expect((await admin.get<Migration>(`/api/migration/${second.body.id}`)).body).toMatchObject({ status: "awaiting_mapping", recordsTotal: 4 });
    });
  });

  describe("uploads one instance receives at once", () => {
    let rt: TestRuntime;
    let admin: TestClient;
    beforeAll(async () => {
      rt = await startTestRuntime(driver, { migration: { ...defaults, maxActive: 10, maxActivePerInstance: 1 } });
      admin = await signedInAdmin(rt);
    });
    afterAll(async () => {
      await rt?.stop();
    });

    it("refuses one more than MIGRATION_MAX_ACTIVE_PER_INSTANCE with 429, storing nothing", async () => {
      const first = uploadInParts(admin, "/api/migration/uploads", "name,email,company\n" + rows(10, "busy.test"));
      await waitFor(() => migrations(admin), (list) => list.some((m) => m.status === "uploading"));
      const refused = await uploadCsv(admin, "/api/migration/import-csv", "name,email,company\n" + rows(3, "busy-refused.test"), "second.csv");
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toMatchObject({ code: "migration.instance_busy", params: { limit: 1 } });
      expect((await first.finish()).status).toBe(201);
      expect((await migrations(admin)).map((m) => m.sourceFile)).toEqual(["leads.csv"]);
      expect(await stagedChunks(rt)).toBe(1);
      // Once the first is received, the instance takes the next.
      const next = await uploadCsv(admin, "/api/migration/import-csv", "name,email,company\n" + rows(3, "busy-next.test"), "next.csv");
      expect(next.status, next.text).toBe(202);
      expect(next.body).toMatchObject({ status: "in_progress", recordsTotal: 3 });
    });
  });
});
