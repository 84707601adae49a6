import { describe, expect, it } from "vitest";
import { scratchBefore } from "../test/migration-scratch";
import { floorDrivers } from "../test/test-runtime";

/*
 * The migration that runs bulk actions in lanes (0057), on a database holding jobs stored before it: one that was
 * half-way goes on as one lane from the lead after its cursor, and one still queued starts at the beginning.
 */

describe.each(floorDrivers)("the bulk lanes migration on %s", (driver) => {
  const db = scratchBefore("_lead_bulk_lanes", driver);

  it("turns each stored job's cursor into the place of its one lane", async () => {
    const [user] = await db.query<{ id: number }>("INSERT INTO users (email, name) VALUES ('bulk@migration.test', 'Bulk') RETURNING id");
    const job = async (status: string, cursor: number, done: number) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO lead_bulk_jobs (user_id, actor, action, value, selection, lead_ids, total, status, cursor, done)
         VALUES ($1, '{"kind":"system"}', 'status', 'lost', '{"ids":5}', '{3,5,8,13,21}', 5, $2, $3, $4) RETURNING id`,
        [user!.id, status, cursor, done],
      );
      return row!.id;
    };
    const halfWay = await job("running", 8, 3);
    const queued = await job("queued", 0, 0);
    const finished = await job("done", 21, 5);

    await db.migrateAll();

    const rows = await db.query<{ id: number; lane_next: number[]; batch_size: number }>("SELECT id, lane_next, batch_size FROM lead_bulk_jobs ORDER BY id");
    expect(rows).toEqual([
      { id: halfWay, lane_next: [3], batch_size: 5000 },
      { id: queued, lane_next: [0], batch_size: 5000 },
      { id: finished, lane_next: [5], batch_size: 5000 },
    ]);
    const columns = await db.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'lead_bulk_jobs' AND column_name = 'cursor'");
    expect(columns).toEqual([]);
  });
});
