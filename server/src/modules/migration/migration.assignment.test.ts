import { like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import { users } from "../../db/schema";
import { signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { finished, uploadCsv } from "../../test/migration-upload";

// Issue 26.5: new leads from an import take the import's assignment rule, as the public form's and the API's do.
describe.each(testDrivers)("CSV import and the assignment rule on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const staff: Record<string, number> = {};

  beforeAll(async () => {
    await signedInWithRole(suite.rt, "agent", { name: "Ann Agent", email: "ann@assign.test" });
    await signedInWithRole(suite.rt, "agent", { name: "Ben Agent", email: "ben@assign.test" });
    const rows = await suite.rt.ctx.db.select({ id: users.id, email: users.email }).from(users).where(like(users.email, "%@assign.test"));
    for (const row of rows) staff[row.email.split("@")[0]!] = row.id;
  });

  const importFile = async (csv: string, fields: Record<string, string> = {}) => {
    const res = await uploadCsv(suite.admin, "/api/migration/import-csv", csv, "leads.csv", fields);
    expect(res.status, res.text).toBe(202);
    return finished(suite.admin, res.body.id);
  };
  const assigneesOf = async (emails: string[]) => {
    const found: (number | null)[] = [];
    for (const email of emails) {
      const res = await suite.admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(email)}&limit=5&view=full`);
      found.push(res.body.find((lead) => lead.email === email)?.assigneeId ?? null);
    }
    return found;
  };

  it("leaves imported leads unassigned while the rule assigns nobody", async () => {
    const migration = await importFile("name,email,company\nNo Rule,norule1@assign.test,A Co\nNo Rule,norule2@assign.test,B Co\n");
    expect(migration).toMatchObject({ status: "completed", imported: 2 });
    expect(await assigneesOf(["norule1@assign.test", "norule2@assign.test"])).toEqual([null, null]);
  });

  it("hands out the new leads that name nobody in turn, keeps a named assignee, and carries the turns on to the next import", async () => {
    const put = await suite.admin.put("/api/settings/lead-assignment", { rules: [{ source: "import", mode: "roundRobin", userIds: [staff.ann, staff.ben] }] });
    expect(put.status, put.text).toBe(200);
    const first = await importFile(
      "name,email,company,assignedTo\n" +
        "Row One,rr1@assign.test,One Co,\n" +
        "Row Two,rr2@assign.test,Two Co,ben@assign.test\n" +
        "Row Three,rr3@assign.test,Three Co,\n" +
        "Row Four,rr4@assign.test,Four Co,\n" +
        // Already a lead: skipped, and its assignee is not changed.
        "No Rule,norule1@assign.test,A Co,\n",
    );
    expect(first).toMatchObject({ status: "completed", imported: 4, recordsSkipped: 1 });
    // Three rows named nobody take turns in file order (one person, the other, the first again); the second row keeps
    // the person its text names; the lead already there keeps having nobody.
    const [one, two, three, four, existing] = await assigneesOf(["rr1@assign.test", "rr2@assign.test", "rr3@assign.test", "rr4@assign.test", "norule1@assign.test"]);
    expect([staff.ann, staff.ben]).toContain(one);
    expect(three).toBe(one === staff.ann ? staff.ben : staff.ann);
    expect(four).toBe(one);
    expect(two).toBe(staff.ben);
    expect(existing).toBeNull();
    const lead = (await suite.admin.get<Lead[]>("/api/leads?q=rr1%40assign.test&limit=5&view=full")).body[0]!;
    expect(lead.assignedTo).toBe(one === staff.ann ? "Ann Agent" : "Ben Agent");
    // The rule's turns went on: the next import starts where this one stopped (the skipped row's turn included).
    await importFile("name,email,company\nNext One,next1@assign.test,N Co\n");
    const [next] = await assigneesOf(["next1@assign.test"]);
    expect([staff.ann, staff.ben]).toContain(next);
  });

  it("gives every new lead to the one person a rule names", async () => {
    expect((await suite.admin.put("/api/settings/lead-assignment", { rules: [{ source: "import", mode: "one", userIds: [staff.ben] }] })).status).toBe(200);
    await importFile("name,email,company\nOne A,one1@assign.test,A Co\nOne B,one2@assign.test,B Co\n");
    expect(await assigneesOf(["one1@assign.test", "one2@assign.test"])).toEqual([staff.ben, staff.ben]);
  });
});
