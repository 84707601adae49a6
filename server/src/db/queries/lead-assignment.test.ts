import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../../modules/auth/users.data";
import { floorDrivers, startTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { inTransaction } from "../../kernel/transaction";
import { assigneeAt, takeAssignee, takeAssignees, takeAssigneeTurns } from "./lead-assignment";

describe.each(floorDrivers)("assignees of new leads taken from the rules on %s", (driver) => {
  let rt: TestRuntime;
  const ids: Record<string, number> = {};
  const setRule = (source: string, mode: string, userIds: number[]) =>
    rt.ctx.db.execute(sql`UPDATE lead_assignment_rules SET mode = ${mode}, user_ids = ${`{${userIds.join(",")}}`}::int[], turns = 0 WHERE source = ${source}`);

  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    for (const [key, role] of [["ann", "agent"], ["bob", "agent"], ["cy", "manager"], ["vi", "viewer"]] as const) {
      ids[key] = (await insertUser(rt.ctx.db, { name: key, email: `${key}@floor.test`, passwordHash: null, role })).id;
    }
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("gives nobody under mode none, and takes no turn for it", async () => {
    expect(await takeAssignees(rt.ctx.db, "form", 3)).toEqual([null, null, null]);
    expect(await takeAssignees(rt.ctx.db, "form", 0)).toEqual([]);
  });

  it("gives the one person every lead under mode one", async () => {
    await setRule("api", "one", [ids.cy!]);
    expect(await takeAssignees(rt.ctx.db, "api", 3)).toEqual([ids.cy, ids.cy, ids.cy]);
    expect(await takeAssignee(rt.ctx.db, "api")).toBe(ids.cy);
  });

  it("hands out in turn, carrying on where the last batch stopped", async () => {
    await setRule("import", "roundRobin", [ids.ann!, ids.bob!, ids.cy!]);
    expect(await takeAssignees(rt.ctx.db, "import", 4)).toEqual([ids.ann, ids.bob, ids.cy, ids.ann]);
    const turns = await takeAssigneeTurns(rt.ctx.db, "import", 1000);
    expect(turns).toEqual({ userIds: [ids.ann, ids.bob, ids.cy], firstTurn: 1 });
    const counts = new Map<number | null, number>();
    for (let i = 0; i < 1000; i++) counts.set(assigneeAt(turns, i), (counts.get(assigneeAt(turns, i)) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([333, 333, 334]);
    expect(await takeAssignee(rt.ctx.db, "import")).toBe(ids.cy); // turn 1004
  });

  it("gives the turns back when the transaction that took them rolls back", async () => {
    await setRule("form", "roundRobin", [ids.ann!, ids.bob!]);
    await expect(
      inTransaction(rt.ctx.db, async (tx) => {
        expect(await takeAssignee(tx, "form")).toBe(ids.ann);
        throw new Error("the lead was refused");
      }),
    ).rejects.toThrow("refused");
    expect(await takeAssignees(rt.ctx.db, "form", 2)).toEqual([ids.ann, ids.bob]);
  });

  it("skips people deactivated or made viewers since the rule was saved, and gives nobody when none is left", async () => {
    await setRule("form", "roundRobin", [ids.ann!, ids.vi!, ids.bob!]);
    await rt.ctx.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${ids.bob}`);
    expect(await takeAssignees(rt.ctx.db, "form", 3)).toEqual([ids.ann, ids.ann, ids.ann]);
    await setRule("api", "one", [ids.bob!]);
    expect(await takeAssignee(rt.ctx.db, "api")).toBeNull();
    await rt.ctx.db.execute(sql`UPDATE users SET deactivated_at = NULL WHERE id = ${ids.bob}`);
    expect(await takeAssignee(rt.ctx.db, "api")).toBe(ids.bob);
    await rt.ctx.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id IN (${ids.ann}, ${ids.bob})`);
    expect(await takeAssignees(rt.ctx.db, "form", 2)).toEqual([null, null]);
    await rt.ctx.db.execute(sql`UPDATE users SET deactivated_at = NULL`);
  });
});
