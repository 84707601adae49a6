import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "@contract/tasks";
import { hashPassword } from "../../lib/password";
import { signedInAdmin, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { insertUser } from "../auth/users.data";

const SAM = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };

// A pool of 10 connections, so on PostgreSQL the completions really run at the same time (PGlite serialises them).
describe.each(testDrivers)("completing a recurring task concurrently on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let sam: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, { dbPoolMax: 10 });
    admin = await signedInAdmin(rt);
    await insertUser(rt.ctx.db, { name: SAM.name, email: SAM.email, passwordHash: await hashPassword(SAM.password), role: "manager" });
    sam = rt.client();
    await sam.post("/api/auth/login", { email: SAM.email, password: SAM.password });
  });
  afterAll(() => rt.stop());

  const successorsOf = async (id: number) => (await admin.get<Task[]>("/api/tasks?limit=200")).body.filter((t) => t.recurredFromId === id);

  it("creates one next occurrence when two people complete the task at the same moment", async () => {
    for (let round = 0; round < 5; round++) {
      const task = (await admin.post<Task>("/api/tasks", { title: `Daily check ${round}`, recurrence: "daily" })).body;
      const answers = await Promise.all([admin, sam].map((client) => client.put<Task>(`/api/tasks/${task.id}`, { status: "completed" })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.every((a) => a.body.status === "completed")).toBe(true);
      const successors = await successorsOf(task.id);
      expect(successors).toHaveLength(1);
      expect(successors[0]).toMatchObject({ title: `Daily check ${round}`, status: "open", recurrence: "daily" });
    }
  });

  it("creates one next occurrence from ten parallel completions", async () => {
    const task = (await admin.post<Task>("/api/tasks", { title: "Weekly call", recurrence: "weekly" })).body;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? sam : admin).put(`/api/tasks/${task.id}`, { status: "completed" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await successorsOf(task.id)).toHaveLength(1);
  });
});
