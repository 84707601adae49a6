import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Migration } from "@contract/migration";
import { loadConfig } from "../../config";
import { createRuntime, type Runtime } from "../../runtime";
import { ADMIN, signedInAdmin, startTestRuntime, TestClient, testDrivers, type TestRuntime } from "../../test/test-runtime";
import { finished, uploadCsv } from "../../test/migration-upload";
import { importChunk } from "./migration.service";

const ROWS = 45;
const CHUNK_ROWS = 10;
const csv = "name,email,company,revenue\n" + Array.from({ length: ROWS }, (_, i) => `Res Ume${i},row${i}@resume.test,Resume Co ${i},${i}`).join("\n") + "\n";

async function leadCount(client: TestClient): Promise<number> {
  const res = await client.get("/api/leads?q=resume.test&limit=1");
  return Number(res.headers["x-total-count"]);
}

describe.each(testDrivers)("a CSV import interrupted mid-way on %s", (driver) => {
  const dataDir = driver === "pglite" ? mkdtempSync(path.join(tmpdir(), "leadwell-migration-")) : null;
  let first: TestRuntime | undefined;
  let second: Runtime | undefined;
  afterAll(async () => {
    await second?.close();
    await first?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes after a restart with every row once: committed batches stay, the batch cut off is written again", { timeout: 240_000 }, async () => {
    // The first instance takes the upload but its worker "dies": it writes two batches, then a third is cut off
    // before its commit, as a killed process would leave it.
    first = await startTestRuntime(driver, { dataDir, migration: { ...loadConfig({}).migration, maxBytes: 1_000_000, chunkRows: CHUNK_ROWS } }, { workers: false, pollingIntervalSeconds: 0.5 });
    const admin = await signedInAdmin(first);
    const upload = await uploadCsv(admin, "/api/migration/import-csv", csv);
    expect(upload.status, upload.text).toBe(202);
    const id = upload.body.id;
    expect(await importChunk(first.ctx.db, id)).toBe("written");
    expect(await importChunk(first.ctx.db, id)).toBe("written");
    const killed = first.ctx.db.transaction(async (tx) => {
      await importChunk(tx, id);
      throw new Error("killed before the commit");
    });
    await expect(killed).rejects.toThrow("killed before the commit");
    const midway = (await admin.get<Migration>(`/api/migration/${id}`)).body;
    expect(midway).toMatchObject({ status: "in_progress", recordsProcessed: 2 * CHUNK_ROWS, imported: 2 * CHUNK_ROWS });
    expect(await leadCount(admin)).toBe(2 * CHUNK_ROWS);

    // A new instance on the same database picks the queued job up and carries on from the last committed batch.
    if (driver === "pglite") await first.close();
    second = await createRuntime(first.ctx.config, { pollingIntervalSeconds: 0.5 });
    const client = new TestClient(second);
    expect((await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const done = await finished(client, id);
    expect(done).toMatchObject({ status: "completed", recordsTotal: ROWS, recordsProcessed: ROWS, imported: ROWS, recordsSkipped: 0, errors: 0 });
    expect(await leadCount(client)).toBe(ROWS);

    // Re-running the same file imports nothing twice: every row is now a duplicate, skipped.
    const rerun = await uploadCsv(client, "/api/migration/import-csv", csv);
    expect(await finished(client, rerun.body.id)).toMatchObject({ status: "completed", imported: 0, recordsSkipped: ROWS });
    expect(await leadCount(client)).toBe(ROWS);
  });
});
