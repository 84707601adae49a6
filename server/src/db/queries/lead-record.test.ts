import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../../modules/auth/users.data";
import { floorDrivers, startTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { ALL_LEADS, runInLeadScope, type LeadScope } from "../../kernel/lead-scope";
import { inTransaction } from "../../kernel/transaction";
import { rawRows } from "../raw-rows";
import { findLeadById, leadExistsInScope } from "./lead-record";

// The reads of one lead are built once per kind of scope and run with the person as a value (db/prepared-once.ts):
// one statement serves every agent, so it must never answer one agent with the scope of the agent before.
describe.each(floorDrivers)("one lead read through its prepared statements on %s", (driver) => {
  let rt: TestRuntime;
  const people: Record<string, number> = {};
  const leadOf: Record<string, number> = {};
  const own = (name: string): LeadScope => ({ kind: "own", userId: people[name]! });

  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    for (const name of ["ann", "bob"]) {
      people[name] = (await insertUser(rt.ctx.db, { name, email: `${name}@record.test`, passwordHash: null, role: "agent" })).id;
    }
    for (const [key, assignee] of [["ann", people.ann], ["bob", people.bob], ["nobody", null]] as const) {
      const [row] = await rawRows<{ id: number }>(
        rt.ctx.db,
        sql`INSERT INTO leads (business_name, business_owner_name, business_owner_last_name, email, assignee_id) VALUES (${`${key} Ltd`}, 'A', 'B', ${`${key}@lead.test`}, ${assignee}) RETURNING id`,
      );
      leadOf[key] = row!.id;
    }
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("answers each agent with their own scope, one after the other on the same statements", async () => {
    for (let round = 0; round < 3; round++) {
      for (const [agent, other] of [["ann", "bob"], ["bob", "ann"]] as const) {
        await runInLeadScope(own(agent), async () => {
          expect((await findLeadById(rt.ctx.db, leadOf[agent]!))?.businessName).toBe(`${agent} Ltd`);
          expect((await findLeadById(rt.ctx.db, leadOf.nobody!))?.businessName).toBe("nobody Ltd");
          expect(await findLeadById(rt.ctx.db, leadOf[other]!)).toBeUndefined();
          expect(await leadExistsInScope(rt.ctx.db, leadOf[agent]!)).toBe(true);
          expect(await leadExistsInScope(rt.ctx.db, leadOf[other]!)).toBe(false);
        });
      }
      await runInLeadScope(ALL_LEADS, async () => {
        for (const key of ["ann", "bob", "nobody"]) expect((await findLeadById(rt.ctx.db, leadOf[key]!))?.businessName).toBe(`${key} Ltd`);
      });
    }
    expect(await findLeadById(rt.ctx.db, 2_000_000_000)).toBeUndefined();
  });

  it("reads inside a transaction what the transaction wrote, and nothing of it after a rollback", async () => {
    const id = leadOf.ann!;
    await expect(
      inTransaction(rt.ctx.db, async (tx) => {
        await tx.execute(sql`UPDATE leads SET business_name = 'Renamed Ltd' WHERE id = ${id}`);
        expect((await findLeadById(tx, id))?.businessName).toBe("Renamed Ltd");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await findLeadById(rt.ctx.db, id))?.businessName).toBe("ann Ltd");
  });
});
