import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import { emitEvent } from "../../kernel/events";
import { createRuntime, type Runtime } from "../../runtime";
import { openEventStream, type StreamMessage } from "../../test/event-stream";
import { assignLeads, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { ADMIN, floorDrivers, signedInWithRole, startTestRuntime, suiteWithAdmin, testDrivers, TestClient, type TestRuntime, signedInAdmin } from "../../test/test-runtime";

const aLead = (n: string) => ({ businessOwnerName: "Liv", businessOwnerLastName: `Stream${n}`, businessName: `Live ${n}`, email: `live.${n}@example.com` });

const isEvent = (name: string, ids: Record<string, number>) => (message: StreamMessage) =>
  message.event === "event" && (message.data as { name: string }).name === name && JSON.stringify((message.data as { ids: unknown }).ids) === JSON.stringify(ids);

describe.each(testDrivers)("the live event stream on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("refuses anyone not signed in", async () => {
    const stream = await openEventStream(suite.rt, suite.rt.client());
    expect(stream.status).toBe(401);
    stream.close();
  });

  it("pushes a change someone else commits to an open stream: the event with its ids, and the lead's timeline activity", async () => {
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vera Viewer", email: "vera.live@example.com" });
    const stream = await openEventStream(suite.rt, viewer);
    expect({ status: stream.status, type: stream.contentType }).toEqual({ status: 200, type: "text/event-stream; charset=utf-8" });
    const created = await suite.admin.post<Lead>("/api/leads", aLead("push"));
    expect(created.status).toBe(201);
    const event = await stream.next(isEvent("lead.created", { leadId: created.body.id }));
    expect(event.id).toMatch(/^\d+$/);
    const activity = await stream.next((message) => message.event === "leadActivity");
    expect(activity.data).toEqual({ leadIds: [created.body.id] });
    // What the stream says is which records changed, never their fields.
    expect(JSON.stringify(stream.received())).not.toContain("live.push@example.com");
    stream.close();
  });

  it("sends a reader only the events their role may read (migration.completed needs migration.run)", async () => {
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Val Viewer", email: "val.live@example.com" });
    const viewerStream = await openEventStream(suite.rt, viewer);
    const adminStream = await openEventStream(suite.rt, suite.admin);
    await emitEvent(suite.rt.ctx.db, "migration.completed", { migrationId: 77, sourceFile: "x.csv", imported: 1, updated: 0, skipped: 0, errors: 0, createdBy: ADMIN.email });
    const lead = await suite.admin.post<Lead>("/api/leads", aLead("after-migration"));
    await adminStream.next(isEvent("migration.completed", { migrationId: 77 }));
    await viewerStream.next(isEvent("lead.created", { leadId: lead.body.id }));
    // The lead's event was committed after the migration's: the viewer's stream, in commit order, skipped it.
    expect(viewerStream.received().filter((message) => (message.data as { name?: string }).name === "migration.completed")).toEqual([]);
    viewerStream.close();
    adminStream.close();
  });

  it("tells only its recipient that a notification arrived", async () => {
    const sam = await signedInWithRole(suite.rt, "agent", { name: "Sam Stream", email: "sam.live@example.com" });
    const samId = (await sam.get<{ id: number }>("/api/auth/me")).body.id;
    const samStream = await openEventStream(suite.rt, sam);
    const adminStream = await openEventStream(suite.rt, suite.admin);
    const task = await suite.admin.post<{ id: number }>("/api/tasks", { title: "Call the live lead", assigneeId: samId });
    expect(task.status).toBe(201);
    await samStream.next((message) => message.event === "notification");
    await adminStream.next(isEvent("task.created", { taskId: task.body.id, assigneeId: samId }));
    expect(adminStream.received().filter((message) => message.event === "notification")).toEqual([]);
    samStream.close();
    adminStream.close();
  });

  it("pushes an agent limited to their own leads only their own and unassigned leads' events and activity, deciding at push time (issue 26.5)", async () => {
    const rita = await signedInAgent(suite.rt, "Rita Live", "rita.live@example.com");
    const otto = await signedInAgent(suite.rt, "Otto Live", "otto.live@example.com");
    const ritaId = rita.id;
    const leadFor = async (n: string, assignee: number | null) => {
      const created = await suite.admin.post<Lead>("/api/leads", aLead(n));
      await assignLeads(suite.rt, [created.body.id], assignee);
      return created.body.id;
    };
    const mine = await leadFor("scope-mine", ritaId);
    const theirs = await leadFor("scope-theirs", otto.id);
    const free = await leadFor("scope-free", null);
    // Given to Rita while agents still work every lead (once limited, a task about Otto's lead could not be hers).
    const task = await suite.admin.post<{ id: number }>("/api/tasks", { title: "Otto's call", leadId: theirs, assigneeId: ritaId });
    expect(task.status).toBe(201);
    await setLeadAccess(suite.admin, "own");
    try {
      const ritaStream = await openEventStream(suite.rt, rita.client);
      const adminStream = await openEventStream(suite.rt, suite.admin);
      // Otto's lead changes, gets a note, and its task (Rita's) changes; then Rita's and the unassigned one change.
      expect((await suite.admin.put(`/api/leads/${theirs}`, { priority: "high" })).status).toBe(200);
      expect((await suite.admin.post(`/api/leads/${theirs}/notes`, { body: "Otto's business" })).status).toBe(201);
      expect((await suite.admin.put(`/api/tasks/${task.body.id}`, { title: "Otto's call, moved" })).status).toBe(200);
      expect((await suite.admin.put(`/api/leads/${free}`, { priority: "high" })).status).toBe(200);
      expect((await suite.admin.put(`/api/leads/${mine}`, { priority: "high" })).status).toBe(200);
      await adminStream.next(isEvent("lead.updated", { leadId: mine }));
      await ritaStream.next(isEvent("lead.updated", { leadId: free }));
      await ritaStream.next(isEvent("lead.updated", { leadId: mine }));
      await ritaStream.next((message) => message.event === "leadActivity" && (message.data as { leadIds: number[] | null }).leadIds?.includes(mine) === true);
      // In commit order, everything about Otto's lead came before and was left out of Rita's stream (the administrator heard it).
      const aboutTheirs = (message: StreamMessage) =>
        (message.event === "event" && ((message.data as { ids: Record<string, number> }).ids.leadId === theirs || (message.data as { ids: Record<string, number> }).ids.taskId === task.body.id)) ||
        (message.event === "leadActivity" && (message.data as { leadIds: number[] | null }).leadIds?.includes(theirs) === true);
      expect(ritaStream.received().filter(aboutTheirs)).toEqual([]);
      expect(adminStream.received().some(isEvent("lead.updated", { leadId: theirs }))).toBe(true);
      // Handed to Rita while her stream is open: its next change reaches her.
      await assignLeads(suite.rt, [theirs], ritaId);
      expect((await suite.admin.put(`/api/leads/${theirs}`, { priority: "low" })).status).toBe(200);
      await ritaStream.next(isEvent("lead.updated", { leadId: theirs }));
      ritaStream.close();
      adminStream.close();
    } finally {
      await setLeadAccess(suite.admin, "all");
    }
  });

  it("tells open streams when the pipeline's stages change, in the transaction that changed them", async () => {
    const stream = await openEventStream(suite.rt, suite.admin);
    const created = await suite.admin.post<{ id: number }>("/api/pipeline-stages", { name: "Live stage" });
    expect(created.status, created.text).toBe(201);
    await stream.next(isEvent("pipeline.stages_changed", { stageId: created.body.id }));
    expect((await suite.admin.delete(`/api/pipeline-stages/${created.body.id}`)).status).toBe(200);
    // The second one: the stage's deletion (next() hands each message out once).
    await stream.next(isEvent("pipeline.stages_changed", { stageId: created.body.id }));
    const events = stream.received().filter((message) => message.event === "event" && (message.data as { name: string }).name === "pipeline.stages_changed");
    expect(events).toHaveLength(2);
    stream.close();
  });

  it("replays what a reconnecting stream missed after its Last-Event-ID", async () => {
    const first = await openEventStream(suite.rt, suite.admin);
    const before = await suite.admin.post<Lead>("/api/leads", aLead("before-drop"));
    const seen = await first.next(isEvent("lead.created", { leadId: before.body.id }));
    first.close();
    const missed = await suite.admin.post<Lead>("/api/leads", aLead("while-away"));
    expect(missed.status).toBe(201);
    const again = await openEventStream(suite.rt, suite.admin, { "last-event-id": seen.id! });
    await again.next(isEvent("lead.created", { leadId: missed.body.id }));
    expect(again.received().some(isEvent("lead.created", { leadId: before.body.id }))).toBe(false);
    again.close();
  });
});

/** Two app instances on one PostgreSQL database: a change made through one reaches a stream open on the other. */
describe.each(floorDrivers.filter((driver) => driver === "postgres"))("the live stream across instances on %s", (driver) => {
  let first: TestRuntime;
  let second: Runtime;
  beforeAll(async () => {
    first = await startTestRuntime(driver);
    second = await createRuntime(first.ctx.config, { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it("pushes an event committed on one instance from the other", async () => {
    const admin = await signedInAdmin(first);
    const onSecond = new TestClient(second);
    expect((await onSecond.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const stream = await openEventStream(second, onSecond);
    expect(stream.status).toBe(200);
    const created = await admin.post<Lead>("/api/leads", aLead("other-instance"));
    expect(created.status).toBe(201);
    await stream.next(isEvent("lead.created", { leadId: created.body.id }));
    await stream.next((message) => message.event === "leadActivity" && JSON.stringify(message.data) === JSON.stringify({ leadIds: [created.body.id] }));
    stream.close();
  });
});
