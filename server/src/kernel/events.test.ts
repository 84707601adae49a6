import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "@contract/events";
import type { Affiliate } from "@contract/affiliates";
import type { Lead } from "@contract/leads";
import { loadConfig, type AppConfig } from "../config";
import { eventOutbox } from "../db/schema";
import { eventSubscribers } from "../event-subscribers";
import { createRuntime } from "../runtime";
import { ADMIN, createThrowawayDatabase, signedInAdmin, startTestRuntime, floorDrivers, TestClient, type TestRuntime } from "../test/test-runtime";
import type { EventSubscriber } from "./events";

const aLead = (n: string, extra: Record<string, unknown> = {}) => ({
  businessOwnerName: "Eve",
  businessOwnerLastName: `Owner ${n}`,
  businessName: `Events ${n}`,
  email: `events-${n}@example.com`,
  ...extra,
});

/** A subscriber that remembers every event it receives, after the app's own. */
function recorder(name = "test-recorder") {
  const received: DomainEvent[] = [];
  const subscriber: EventSubscriber = {
    name,
    events: "*",
    async handle(_context, event) {
      received.push(event);
    },
  };
  return { received, subscriber };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 80; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const storedEvents = (rt: { ctx: TestRuntime["ctx"] }, name: string) =>
  rt.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.name, name)).orderBy(asc(eventOutbox.id));

/** Both runtimes must open the same database: a directory for PGlite, a server database for Postgres. */
async function persistentStore(driver: string) {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!);
    return { overrides: { databaseUrl: created.url, dataDir: null }, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-events-"));
  return { overrides: { databaseUrl: undefined, dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe.each(floorDrivers)("domain events through the outbox on %s", (driver) => {
  const recorded = recorder();
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { pollingIntervalSeconds: 0.5, eventSubscribers: [...eventSubscribers, recorded.subscriber] });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("stores a change's event with the change and hands it to the subscribers once it committed", async () => {
    const created = await admin.post<Lead>("/api/leads", aLead("committed", { assignedTo: "Someone" }));
    expect(created.status).toBe(201);
    const event = await until(
      () => recorded.received.find((e) => e.name === "lead.created" && e.payload.leadId === created.body.id),
      (found) => found !== undefined,
      "lead.created",
    );
    expect(event?.payload).toEqual({
      leadId: created.body.id,
      businessName: "Events committed",
      email: "events-committed@example.com",
      status: "new",
      pipelineStage: null,
      assignedTo: "Someone",
      enteredByStaff: true,
    });
    // The recorder is the last subscriber, called before the dispatcher marks the event dispatched: wait for the mark.
    const stored = await until(
      async () => (await storedEvents(rt, "lead.created")).find((row) => row.id === event!.id),
      (row) => row?.dispatchedAt instanceof Date,
      "the event marked dispatched",
    );
    expect(stored?.dispatchedAt).toBeInstanceOf(Date);
    // Only the subscribers to lead.created are recorded as having handled it, in order, the test's recorder last; among
    // them notifications, which tells nobody of a lead staff entered and still handled the event.
    const subscribersToIt = eventSubscribers.filter((s) => s.events === "*" || s.events.includes("lead.created")).map((s) => s.name);
    expect(subscribersToIt).toEqual(expect.arrayContaining(["notifications", "webhooks", "automations"]));
    expect(stored?.deliveredTo).toEqual([...subscribersToIt, "test-recorder"]);
  });

  it("emits nothing for a change that is rolled back", async () => {
    const lead = (await admin.post<Lead>("/api/leads", aLead("rolled-back"))).body;
    // The update's audit record is refused after its row and its events were written: the whole change must vanish.
    await rt.ctx.database.executeSql(`
      CREATE FUNCTION lw_test_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'lead.update' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER lw_test_refuse_update BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION lw_test_refuse_update()`);
    try {
      const refused = await admin.put(`/api/leads/${lead.id}`, { status: "converted", pipelineStage: "Contacted" });
      expect(refused.status).toBe(500);
    } finally {
      await rt.ctx.database.executeSql("DROP TRIGGER lw_test_refuse_update ON audit_logs; DROP FUNCTION lw_test_refuse_update()");
    }
    expect((await admin.get<Lead>(`/api/leads/${lead.id}`)).body.status).toBe("new");
    // A later committed change on another lead is dispatched; by then nothing of the refused one has appeared.
    const marker = (await admin.post<Lead>("/api/leads", aLead("marker"))).body;
    await until(() => recorded.received.some((e) => e.name === "lead.created" && e.payload.leadId === marker.id), Boolean, "the marker");
    const aboutRefused = recorded.received.filter((e) => "leadId" in e.payload && e.payload.leadId === lead.id && e.name !== "lead.created");
    expect(aboutRefused).toEqual([]);
    for (const name of ["lead.updated", "lead.stage_changed", "lead.converted"]) {
      expect((await storedEvents(rt, name)).filter((row) => (row.payload as { leadId: number }).leadId === lead.id)).toEqual([]);
    }
  });

  it("records lead.converted and commission.created from the database when a referred lead converts", async () => {
    const partner = (await rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Eve Partner", businessName: "Eve Ltd", email: "eve@partners.test", password: "secret1" })).body;
    const lead = (await admin.post<Lead>("/api/leads", aLead("referred", { affiliateCode: partner.uniqueCode }))).body;
    expect((await admin.put(`/api/leads/${lead.id}`, { status: "converted" })).status).toBe(200);

    const mine = (e: DomainEvent) => "leadId" in e.payload && e.payload.leadId === lead.id;
    // Waits for the last of the five: the service's lead.updated may be dispatched in a later batch than the trigger's.
    const received = await until(() => recorded.received.filter(mine).map((e) => e.name), (names) => names.includes("commission.created") && names.includes("lead.updated"), "commission.created and lead.updated");
    // The trigger's events come from the status update itself, before the service's lead.updated after it.
    expect(received).toEqual(["lead.created", "referral.created", "lead.converted", "commission.created", "lead.updated"]);
    expect(recorded.received.find((e) => e.name === "lead.converted" && mine(e))?.payload).toEqual({ leadId: lead.id, businessName: "Events referred", affiliateId: partner.id });
    expect(recorded.received.find((e) => e.name === "commission.created" && mine(e))?.payload).toEqual({
      commissionId: expect.any(Number),
      affiliateId: partner.id,
      leadId: lead.id,
      amount: "500.00",
    });
    expect(recorded.received.some((e) => e.name === "affiliate.registered" && e.payload.affiliateId === partner.id)).toBe(true);
  });
});

describe.each(floorDrivers)("a failing subscriber on %s", (driver) => {
  // Fails on the first lead's event (alone or in its batch) until the test lets it through.
  let failing = true;
  const recorded = recorder();
  const flaky: EventSubscriber = {
    name: "test-flaky",
    events: ["lead.created"],
    async handle(_context, event) {
      if (failing && event.name === "lead.created" && event.payload.email === aLead("flaky-1").email) throw new Error("the mail server is down");
    },
  };
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { pollingIntervalSeconds: 0.5, eventSubscribers: [flaky, recorded.subscriber] });
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("is recorded and retried later, while the other subscribers and events go ahead", async () => {
    const admin = await signedInAdmin(rt);
    const first = (await admin.post<Lead>("/api/leads", aLead("flaky-1"))).body;
    const second = (await admin.post<Lead>("/api/leads", aLead("flaky-2"))).body;
    await until(() => recorded.received.filter((e) => e.name === "lead.created").length, (n) => n === 2, "both events recorded");
    // The dispatcher records the outcome after the last subscriber ran: wait for both rows' outcome.
    const outcomes = await until(
      () => storedEvents(rt, "lead.created"),
      (rows) => rows.some((row) => (row.payload as { leadId: number }).leadId === first.id && row.lastError !== null) &&
        rows.some((row) => (row.payload as { leadId: number }).leadId === second.id && row.dispatchedAt !== null),
      "both events' outcome stored",
    );
    const stored = outcomes.find((row) => (row.payload as { leadId: number }).leadId === first.id);
    expect(stored).toMatchObject({ attempts: 1, dispatchedAt: null, deliveredTo: ["test-recorder"], lastError: "test-flaky: the mail server is down" });
    const other = outcomes.find((row) => (row.payload as { leadId: number }).leadId === second.id);
    expect(other?.dispatchedAt).toBeInstanceOf(Date);

    // Its backoff over, the retry runs only the subscriber that failed.
    failing = false;
    await rt.ctx.db.update(eventOutbox).set({ availableAt: new Date() }).where(eq(eventOutbox.id, stored!.id));
    const retried = await until(
      async () => (await rt.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.id, stored!.id)))[0],
      (row) => row?.dispatchedAt !== null,
      "the retry",
    );
    expect(retried).toMatchObject({ attempts: 1, deliveredTo: ["test-recorder", "test-flaky"] });
    expect(recorded.received.filter((e) => e.name === "lead.created")).toHaveLength(2);
  });
});

describe.each(floorDrivers)("outbox across a restart on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("dispatches after a restart an event committed while no worker ran", async () => {
    const store = await persistentStore(driver);
    cleanups.push(store.cleanup);
    const config: AppConfig = { ...loadConfig({ LOG_LEVEL: "silent" }), ...store.overrides, shutdownTimeoutMs: 5_000 };

    // First life: no workers, so the committed event can only wait in the outbox (as if the process died after commit).
    const first = await createRuntime(config, { workers: false });
    let leadId: number;
    try {
      const client = new TestClient(first);
      expect((await client.post("/api/auth/setup", { ...ADMIN, setupToken: await first.readSetupToken() })).status).toBe(201);
      const created = await client.post<Lead>("/api/leads", aLead("restart"));
      expect(created.status).toBe(201);
      leadId = created.body.id;
      const [waiting] = (await storedEvents(first, "lead.created")).filter((row) => (row.payload as { leadId: number }).leadId === leadId);
      expect(waiting?.dispatchedAt).toBeNull();
    } finally {
      await first.close();
    }

    // Second life: the dispatcher finds it and hands it over, once.
    const recorded = recorder();
    const second = await createRuntime(config, { workers: true, pollingIntervalSeconds: 0.5, eventSubscribers: [recorded.subscriber] });
    try {
      const delivered = await until(
        () => recorded.received.filter((e) => e.name === "lead.created" && e.payload.leadId === leadId),
        (events) => events.length > 0,
        "the stored event",
      );
      expect(delivered).toHaveLength(1);
      // Marked handled once the batch's subscribers are done, a moment after the recorder has it.
      const [dispatched] = await until(
        async () => (await storedEvents(second, "lead.created")).filter((row) => (row.payload as { leadId: number }).leadId === leadId),
        (rows) => rows[0]?.dispatchedAt instanceof Date,
        "the event marked dispatched",
      );
      expect(dispatched?.dispatchedAt).toBeInstanceOf(Date);
      expect(recorded.received.filter((e) => e.name === "lead.created" && e.payload.leadId === leadId)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
