import { describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import type { MigrationReport } from "@contract/migration";
import { loadConfig } from "../../config";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { finished, uploadCsv } from "../../test/migration-upload";

/*
 * An import of many small chunks reads the same as one of a single chunk. On PostgreSQL two chunks are written at
 * once (the next one's leads inserted while the one before finishes), so what one chunk says about the rows of the
 * chunk before it is the case to hold: a repeated email skipped and naming the earlier row's lead, a repeated phone
 * number marked as a likely duplicate of it, every row once, the report in row order.
 */
const CHUNK_ROWS = 3;

async function leadByEmail(client: TestClient, email: string): Promise<Lead> {
  const res = await client.get<Lead[]>(`/api/leads?q=${encodeURIComponent(email)}&limit=5&view=full`);
  const lead = res.body.find((each) => each.email.toLowerCase() === email.toLowerCase());
  if (!lead) throw new Error(`no lead ${email}`);
  return lead;
}

describe.each(testDrivers)("a CSV import over many chunks on %s", (driver) => {
  const suite = suiteWithAdmin(driver, { migration: { ...loadConfig({}).migration, chunkRows: CHUNK_ROWS } });

  it("skips a repeated email and marks a repeated phone number across a chunk's edge, each naming the earlier row's lead", async () => {
    const rows = Array.from({ length: 24 }, (_, i) => `Edge Row${i},edge${i}@chunks.test,Edge Co ${i},+1 415 555 ${String(1000 + i)},${i}`);
    // The first chunk's last row (edge2) comes back as the second chunk's first (file row 5); the second chunk's last
    // row's phone number (edge5's) as the third chunk's first (row 8); the fourth chunk's last row (edge11) as the
    // fifth chunk's first (row 14).
    rows[3] = `Edge Again,EDGE2@chunks.test,Edge Again Co,+1 415 555 9003,3`;
    rows[6] = `Edge Phone,edgephone@chunks.test,Edge Phone Co,(415) 555-1005,6`;
    rows[12] = `Edge Late,edge11@chunks.test,Edge Late Co,+1 415 555 9012,12`;
    const csv = "name,email,company,phone,revenue\n" + rows.join("\n") + "\n";
    const upload = await uploadCsv(suite.admin, "/api/migration/import-csv", csv);
    expect(upload.status, upload.text).toBe(202);
    const migration = await finished(suite.admin, upload.body.id);
    expect(migration).toMatchObject({ status: "completed", recordsProcessed: 24, imported: 22, recordsSkipped: 2, errors: 0, likelyDuplicates: 1 });

    const two = await leadByEmail(suite.admin, "edge2@chunks.test");
    const five = await leadByEmail(suite.admin, "edge5@chunks.test");
    const eleven = await leadByEmail(suite.admin, "edge11@chunks.test");
    const phone = await leadByEmail(suite.admin, "edgephone@chunks.test");
    const report = await suite.admin.get<MigrationReport>(`/api/migration/${migration.id}/report`);
    expect(report.status, report.text).toBe(200);
    expect(report.body.lines.map((line) => [line.rowNumber, line.code, line.lead?.id ?? null, line.importedLead?.id ?? null])).toEqual([
      [5, "migration.duplicate_skipped", two.id, null],
      [8, "migration.likely_duplicate", five.id, phone.id],
      [14, "migration.duplicate_skipped", eleven.id, null],
    ]);
    // Every other row is a lead once, with its revenue.
    const count = await suite.admin.get("/api/leads?q=chunks.test&limit=1");
    expect(count.headers["x-total-count"]).toBe("22");
    expect((await leadByEmail(suite.admin, "edge23@chunks.test")).kpi?.ytdRevenue).toBe("23.00");
  });
});
