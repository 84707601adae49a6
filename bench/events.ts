// Scenario f of `npm run bench`: domain events through the outbox (server/src/kernel/events.ts) on the running server.
// Throughput: a burst of events written with emitEvent, drained by the server's own dispatcher, against the same rows
// inserted straight through pg. Latency: a lead created through the API, from the answer (its transaction committed
// before it) to the webhook's arrival at a local receiver, against one INSERT round trip. Delivery: a burst of events
// sent to a local receiver by a webhook endpoint, then by a call_webhook automation. See bench/README.md.
import http from "node:http";
import type net from "node:net";
import pg from "pg";
import type { DomainEventPayload } from "@contract/events";
import { openDatabase } from "../server/src/db/client";
import { emitEvent } from "../server/src/kernel/events";
import { inTransaction } from "../server/src/kernel/transaction";
import { int, markdownTable, ms, percentile } from "./stats";

/** Events per emitting transaction: a burst the size of a bulk import's, not one huge transaction. */
const EMIT_BATCH = 500;
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const ARRIVAL_TIMEOUT_MS = 30_000;
/** How long a delivery burst may take to arrive: long enough for calls made one per 2 s polling interval. */
const DELIVERY_TIMEOUT_MS = 15 * 60_000;
const LATENCY_WARMUP = 3;
const LATENCY_SAMPLES = 50;
const RAW_ROUND_TRIPS = 200;
/** A scratch table shaped like the outbox (columns, defaults, indexes), so raw inserts are never dispatched. */
const RAW_TABLE = "bench_event_outbox_raw";

export interface EventsOptions {
  base: string;
  databaseUrl: string;
  /** A signed-in administrator's session cookie: creates leads and the webhook endpoint. */
  headers: Record<string, string>;
  count: number;
  /** Events in each delivery burst (one per lead, so at most the leads the database holds). */
  deliveries: number;
}

/** One burst of events drained by the dispatcher. */
export interface BurstStats {
  /** What subscribed: "no endpoint" (every subscriber asked, none with work) or "1 webhook endpoint" (a delivery each). */
  label: string;
  count: number;
  emitSeconds: number;
  /** From the first emitting transaction to the moment none of the burst was left undispatched. */
  dispatchSeconds: number;
  /** How long the dispatcher still worked after the last emitting transaction committed. */
  drainAfterLastCommitSeconds: number;
  dispatchedPerSecond: number;
  emittedPerSecond: number;
  rawInsertsPerSecond: number;
  /** Events of the burst the dispatcher could not hand over (a failing subscriber): left with their error. */
  failed: number;
}

/** One burst of events, each sent to a local receiver: by a webhook endpoint, or by a call_webhook automation. */
export interface DeliveryStats {
  label: string;
  count: number;
  /** From the commit of the burst's transaction to the arrival of its last delivery. */
  seconds: number;
  /** Median arrival after the commit. */
  p50Seconds: number;
  perSecond: number;
  /** Events whose delivery had not arrived when the time was up. */
  lost: number;
  /** Requests for an event that had already arrived (a delivery made twice). */
  repeats: number;
}

interface LatencyStats {
  samples: number;
  lost: number;
  p50: number;
  p95: number;
  max: number;
}

export interface EventsStats {
  bursts: BurstStats[];
  deliveries: DeliveryStats[];
  latency: LatencyStats;
  rawInsert: { p50: number; p95: number };
  /** Commit → the lead.created message on an open live stream (GET /api/events/stream). */
  stream: LatencyStats;
  /** The raw side of it: a NOTIFY committed on one connection → heard on another that LISTENs. */
  rawNotify: { p50: number; p95: number };
}

/** What the issue asks of the outbox's dispatch, with or without a webhook endpoint (issue 25.6). */
const DISPATCH_TARGET_PER_SECOND = 2_000;
/** What the issue asks of commit → webhook arrival and commit → live message. */
const LATENCY_P95_TARGET_MS = 250;

const latencyStats = (samples: number[], lost: number): LatencyStats => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, lost, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
};

/**
 * An open live stream as a browser holds it (the bench's credentials), noting when each lead.created message arrives,
 * by lead id.
 */
async function openLiveStream(options: EventsOptions) {
  const book = arrivalBook();
  const controller = new AbortController();
  const res = await fetch(`${options.base}/api/events/stream`, { headers: { ...options.headers, accept: "text/event-stream" }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/events/stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        const at = performance.now();
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (!frame.includes("event: event") || !data) continue;
        const message = JSON.parse(data.slice(6)) as { name?: string; ids?: { leadId?: number } };
        const leadId = message.ids?.leadId;
        if (message.name === "lead.created" && typeof leadId === "number") book.note(leadId, at);
      }
    }
  })();
  return {
    arrival: book.arrival,
    close: () => controller.abort(),
  };
}

/** Raw LISTEN/NOTIFY: a NOTIFY committed on its own on one connection, until a LISTENing connection hears it. */
async function rawNotifyRoundTrips(databaseUrl: string, count: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  try {
    await listener.query("LISTEN bench_live");
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const heard = new Promise<number>((resolve) => listener.once("notification", () => resolve(performance.now())));
      const t0 = performance.now();
      await sender.query("SELECT pg_notify('bench_live', $1)", [String(i)]);
      times.push((await heard) - t0);
    }
    return times;
  } finally {
    await Promise.all([listener.end(), sender.end()]);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** lead.created as a staff member's lead would carry it: every subscriber runs, none writes a notification. */
const leadCreated = (leadId: number, i: number): DomainEventPayload<"lead.created"> => ({
  leadId,
  businessName: `Bench event ${i}`,
  email: `bench-event-${i}@bench.test`,
  status: "new",
  pipelineStage: null,
  assignedTo: null,
  enteredByStaff: true,
});

async function throughput(client: pg.Client, options: EventsOptions, label: string): Promise<BurstStats> {
  const { rows: leadRows } = await client.query<{ id: number }>("SELECT id FROM leads ORDER BY id LIMIT 1000");
  if (leadRows.length === 0) throw new Error("The bench database holds no lead to name in the events");
  const payloads = Array.from({ length: options.count }, (_, i) => leadCreated(leadRows[i % leadRows.length]!.id, i));

  // Raw: the same rows, one single-row INSERT each (the statement emitEvent sends), in transactions of the same size.
  await client.query(`DROP TABLE IF EXISTS ${RAW_TABLE}; CREATE TABLE ${RAW_TABLE} (LIKE event_outbox INCLUDING ALL)`);
  const rawStarted = performance.now();
  for (let from = 0; from < payloads.length; from += EMIT_BATCH) {
    await client.query("BEGIN");
    for (const payload of payloads.slice(from, from + EMIT_BATCH)) {
      await client.query({ name: "bench-raw-insert", text: `INSERT INTO ${RAW_TABLE} (name, payload) VALUES ($1, $2)`, values: ["lead.created", payload] });
    }
    await client.query("COMMIT");
  }
  const rawInsertsPerSecond = payloads.length / ((performance.now() - rawStarted) / 1000);

  // Through the app: emitEvent in transactions, while the running server's dispatcher drains the outbox.
  const before = Number((await client.query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM event_outbox")).rows[0]!.id);
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null, poolMax: 2 });
  let emitStarted = 0;
  let lastCommit = 0;
  try {
    emitStarted = performance.now();
    for (let from = 0; from < payloads.length; from += EMIT_BATCH) {
      await inTransaction(handle.db, async (tx) => {
        for (const payload of payloads.slice(from, from + EMIT_BATCH)) await emitEvent(tx, "lead.created", payload);
      });
    }
    lastCommit = performance.now();
  } finally {
    await handle.close();
  }
  const waiting = async () =>
    (
      await client.query<{ pending: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE dispatched_at IS NULL)::int AS pending,
                count(*) FILTER (WHERE dispatched_at IS NULL AND attempts > 0)::int AS failed
         FROM event_outbox WHERE id > $1`,
        [before],
      )
    ).rows[0]!;
  let state = await waiting();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  // Failed events wait for their backoff: once only those are left, the burst is as dispatched as it gets.
  while (state.pending > state.failed && Date.now() < deadline) {
    await sleep(50);
    state = await waiting();
  }
  const drained = performance.now();
  if (state.pending > state.failed) console.warn(`  ${int(state.pending)} event(s) still waiting after ${DRAIN_TIMEOUT_MS / 60_000} min`);
  const dispatchSeconds = (drained - emitStarted) / 1000;

  // The bench database is kept between runs: the burst's rows and the scratch table go.
  const after = Number((await client.query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM event_outbox")).rows[0]!.id);
  await client.query("DELETE FROM event_outbox WHERE id > $1 AND id <= $2 AND name = 'lead.created' AND dispatched_at IS NOT NULL", [before, after]);
  return {
    label,
    count: payloads.length,
    emitSeconds: (lastCommit - emitStarted) / 1000,
    dispatchSeconds,
    drainAfterLastCommitSeconds: (drained - lastCommit) / 1000,
    dispatchedPerSecond: (payloads.length - state.failed) / dispatchSeconds,
    emittedPerSecond: payloads.length / ((lastCommit - emitStarted) / 1000),
    rawInsertsPerSecond,
    failed: state.failed,
  };
}

/** When each lead's message arrived (performance.now()), first arrival only, and a wait for one. */
function arrivalBook() {
  const arrivals = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  return {
    /** Notes an arrival; false when the lead's was already noted (a repeat). */
    note(leadId: number, at: number): boolean {
      if (arrivals.has(leadId)) return false;
      arrivals.set(leadId, at);
      waiters.get(leadId)?.();
      return true;
    },
    /** When that lead's message arrived, or null after the timeout. */
    arrival(leadId: number, timeoutMs = ARRIVAL_TIMEOUT_MS): Promise<number | null> {
      const known = arrivals.get(leadId);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        waiters.set(leadId, () => {
          clearTimeout(timer);
          resolve(arrivals.get(leadId)!);
        });
      });
    },
  };
}

/** A webhook receiver on 127.0.0.1 that notes when each lead.created delivery arrives, by lead id. */
async function startReceiver() {
  const book = arrivalBook();
  let repeats = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      res.writeHead(200).end("ok");
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data?: { leadId?: unknown } };
        const leadId = body.data?.leadId;
        if (typeof leadId !== "number") return;
        if (!book.note(leadId, at)) repeats++;
      } catch {
        // not a delivery of ours
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** When the delivery for that lead arrived (performance.now()), or null after the timeout. */
    arrival: book.arrival,
    /** Deliveries that arrived for a lead already heard of. */
    repeats: () => repeats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function api<T>(options: EventsOptions, method: "POST" | "DELETE", path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${options.base}${path}`, {
    method,
    headers: { ...options.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function latency(client: pg.Client, options: EventsOptions) {
  const receiver = await startReceiver();
  const endpoint = await api<{ id: number }>(options, "POST", "/api/settings/webhooks", { url: receiver.url, event: "lead.created" });
  if (endpoint.status !== 201) {
    await receiver.close();
    throw new Error(`Registering the webhook receiver answered ${endpoint.status}: ${JSON.stringify(endpoint.body)} (the server needs ALLOW_PRIVATE_WEBHOOKS=1)`);
  }
  const tag = Date.now().toString(36);
  const leadIds: number[] = [];
  const samples: number[] = [];
  const streamSamples: number[] = [];
  let lost = 0;
  let streamLost = 0;
  const stream = await openLiveStream(options);
  try {
    for (let i = 0; i < LATENCY_WARMUP + LATENCY_SAMPLES; i++) {
      // A random pause, so the events fall anywhere in the dispatcher's poll and the delivery job's debounce slot.
      await sleep(Math.random() * 1000);
      const created = await api<{ id: number }>(options, "POST", "/api/leads", {
        businessOwnerName: "Bench",
        businessOwnerLastName: `Latency ${i}`,
        businessName: `Bench latency ${tag} ${i}`,
        email: `bench-latency-${tag}-${i}@bench.test`,
      });
      const committed = performance.now();
      if (created.status !== 201) throw new Error(`POST /api/leads answered ${created.status}: ${JSON.stringify(created.body)}`);
      leadIds.push(created.body.id);
      const [arrived, heard] = await Promise.all([receiver.arrival(created.body.id), stream.arrival(created.body.id)]);
      if (i < LATENCY_WARMUP) continue;
      if (arrived === null) lost++;
      else samples.push(arrived - committed);
      if (heard === null) streamLost++;
      else streamSamples.push(heard - committed);
    }
  } finally {
    stream.close();
    const removed = await api(options, "DELETE", `/api/settings/webhooks/${endpoint.body.id}`).catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (removed.status !== 200) console.warn(`  removing the bench's webhook endpoint answered ${removed.status}: ${JSON.stringify(removed.body)}`);
    for (const id of leadIds) await api(options, "DELETE", `/api/leads/${id}`).catch(() => undefined);
    await receiver.close();
  }

  // Raw: one single-row INSERT, committed on its own, the round trip the API's transaction cannot beat.
  const rawTimes: number[] = [];
  for (let i = 0; i < RAW_ROUND_TRIPS; i++) {
    const t0 = performance.now();
    await client.query({ name: "bench-raw-insert", text: `INSERT INTO ${RAW_TABLE} (name, payload) VALUES ($1, $2)`, values: ["lead.created", leadCreated(1, i)] });
    rawTimes.push(performance.now() - t0);
  }
  const rawSorted = rawTimes.sort((a, b) => a - b);
  const notifySorted = (await rawNotifyRoundTrips(options.databaseUrl, RAW_ROUND_TRIPS)).sort((a, b) => a - b);
  return {
    latency: latencyStats(samples, lost),
    rawInsert: { p50: percentile(rawSorted, 50), p95: percentile(rawSorted, 95) },
    stream: latencyStats(streamSamples, streamLost),
    rawNotify: { p50: percentile(notifySorted, 50), p95: percentile(notifySorted, 95) },
  };
}

/**
 * One lead.created event for each of the first `deliveries` leads, committed in one transaction, each sent to a local
 * receiver by what `target` registers (a webhook endpoint, or a call_webhook workflow whose condition only these events
 * meet): the time from the commit until the last arrived.
 */
async function deliveryBurst(client: pg.Client, options: EventsOptions, target: "webhook endpoint" | "call_webhook automation"): Promise<DeliveryStats> {
  const { rows: leadRows } = await client.query<{ id: number }>("SELECT id FROM leads ORDER BY id LIMIT $1", [options.deliveries]);
  if (leadRows.length < options.deliveries) throw new Error(`A delivery burst of ${options.deliveries} needs as many leads; the bench database holds ${leadRows.length}`);
  const tag = `Bench delivery ${Date.now().toString(36)}`;
  const receiver = await startReceiver();
  const registered =
    target === "webhook endpoint"
      ? await api<{ id: number }>(options, "POST", "/api/settings/webhooks", { url: receiver.url, event: "lead.created" })
      : await api<{ id: number }>(options, "POST", "/api/automations", {
          name: tag,
          trigger: "new_lead",
          conditions: [{ field: "businessName", operator: "contains", value: tag }],
          action: "call_webhook",
          config: { url: receiver.url },
        });
  if (registered.status !== 201) {
    await receiver.close();
    throw new Error(`Registering the ${target} answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  }
  const before = Number((await client.query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM event_outbox")).rows[0]!.id);
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null, poolMax: 1 });
  try {
    await inTransaction(handle.db, async (tx) => {
      for (const [i, { id }] of leadRows.entries()) await emitEvent(tx, "lead.created", { ...leadCreated(id, i), businessName: `${tag} ${i}` });
    });
    const committed = performance.now();
    const arrivals = await Promise.all(leadRows.map(({ id }) => receiver.arrival(id, DELIVERY_TIMEOUT_MS)));
    const times = arrivals.filter((at): at is number => at !== null).map((at) => (at - committed) / 1000).sort((a, b) => a - b);
    const seconds = times.at(-1) ?? Number.NaN;
    return { label: target, count: leadRows.length, seconds, p50Seconds: percentile(times, 50), perSecond: times.length / seconds, lost: leadRows.length - times.length, repeats: receiver.repeats() };
  } finally {
    await handle.close();
    const path = target === "webhook endpoint" ? `/api/settings/webhooks/${registered.body.id}` : `/api/automations/${registered.body.id}`;
    const removed = await api(options, "DELETE", path).catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (removed.status !== 200) console.warn(`  removing the bench's ${target} answered ${removed.status}: ${JSON.stringify(removed.body)}`);
    await receiver.close();
    await client.query("DELETE FROM event_outbox WHERE id > $1 AND name = 'lead.created' AND dispatched_at IS NOT NULL AND payload->>'businessName' LIKE $2", [before, `${tag} %`]);
  }
}

export async function runEventsBench(options: EventsOptions): Promise<EventsStats> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    // The bench database is kept between runs: an endpoint a stopped run left behind would receive this run's burst,
    // and PostgreSQL here may run without autovacuum, so the outbox's dead rows are cleared first.
    for (let attempt = 1; ; attempt++) {
      // The server's delivery job may be sending that endpoint's deliveries: a deadlock with it is tried again.
      const removed = await client.query(String.raw`DELETE FROM webhook_endpoints WHERE url ~ '^http://127\.0\.0\.1:[0-9]+/hook$'`).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== "40P01" || attempt === 5) throw error;
          return false;
        },
      );
      if (removed) break;
    }
    // Likewise a call_webhook workflow of a stopped run (its runs go with it).
    await client.query(String.raw`DELETE FROM automation_workflows WHERE name LIKE 'Bench delivery %' AND config->>'url' ~ '^http://127\.0\.0\.1:[0-9]+/hook$'`);
    await client.query("VACUUM (ANALYZE) event_outbox, webhook_deliveries");
    console.log(`\nf. events: ${int(options.count)} lead.created events emitted in transactions of ${EMIT_BATCH}, drained by the server's dispatcher`);
    const bursts = [await throughput(client, options, "no endpoint")];
    // The same burst with one endpoint that wants every lead.created: each event also writes a delivery, which the
    // delivery job sends to a live receiver meanwhile.
    const receiver = await startReceiver();
    const endpoint = await api<{ id: number }>(options, "POST", "/api/settings/webhooks", { url: receiver.url, event: "lead.created" });
    try {
      bursts.push(await throughput(client, options, "1 webhook endpoint"));
    } finally {
      await api(options, "DELETE", `/api/settings/webhooks/${endpoint.body.id}`).catch(() => undefined);
      await receiver.close();
    }
    for (const burst of bursts)
      console.log(
      `  ${burst.label}: emitted in ${burst.emitSeconds.toFixed(1)} s (${int(burst.emittedPerSecond)}/s); all dispatched ${burst.dispatchSeconds.toFixed(1)} s after the first ` +
        `transaction = ${int(burst.dispatchedPerSecond)} events/s; raw INSERT ${int(burst.rawInsertsPerSecond)} rows/s${burst.failed ? `; ${burst.failed} failed` : ""}`,
    );
    console.log(`f. events: ${int(options.deliveries)} lead.created events committed at once, each sent to a local receiver`);
    const deliveries: DeliveryStats[] = [];
    for (const target of ["webhook endpoint", "call_webhook automation"] as const) {
      const delivery = await deliveryBurst(client, options, target);
      deliveries.push(delivery);
      console.log(
        `  by a ${target}: all arrived ${delivery.seconds.toFixed(1)} s after the commit (p50 ${delivery.p50Seconds.toFixed(1)} s) = ${delivery.perSecond < 10 ? delivery.perSecond.toFixed(1) : int(delivery.perSecond)} deliveries/s` +
          `${delivery.lost ? `; ${delivery.lost} lost` : ""}${delivery.repeats ? `; ${delivery.repeats} repeated` : ""}`,
      );
    }
    console.log(`f. events: commit → webhook arrival and → live stream message for ${LATENCY_SAMPLES} leads created one at a time through POST /api/leads`);
    const timing = await latency(client, options);
    console.log(
      `  webhook p50 ${ms(timing.latency.p50)} ms, p95 ${ms(timing.latency.p95)} ms${timing.latency.lost ? `, ${timing.latency.lost} lost` : ""}; ` +
        `raw INSERT round trip p50 ${ms(timing.rawInsert.p50)} ms, p95 ${ms(timing.rawInsert.p95)} ms`,
    );
    console.log(
      `  live stream p50 ${ms(timing.stream.p50)} ms, p95 ${ms(timing.stream.p95)} ms${timing.stream.lost ? `, ${timing.stream.lost} lost` : ""}; ` +
        `raw NOTIFY → LISTEN p50 ${ms(timing.rawNotify.p50)} ms, p95 ${ms(timing.rawNotify.p95)} ms`,
    );
    return { bursts, deliveries, ...timing };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${RAW_TABLE}`).catch(() => undefined);
    await client.end();
  }
}

export function eventsTables(stats: EventsStats): string {
  const throughputTable = markdownTable(
    ["events", "count", "emit events/s", "dispatch s", "dispatch events/s", "drain after last commit s", "raw INSERT rows/s", "dispatch/raw", "failed", "target", "met"],
    stats.bursts.map((burst) => [
      `f. outbox dispatch (lead.created), ${burst.label}`,
      int(burst.count),
      int(burst.emittedPerSecond),
      burst.dispatchSeconds.toFixed(1),
      int(burst.dispatchedPerSecond),
      burst.drainAfterLastCommitSeconds.toFixed(1),
      int(burst.rawInsertsPerSecond),
      `${(burst.dispatchedPerSecond / burst.rawInsertsPerSecond).toFixed(2)}×`,
      int(burst.failed),
      `≥ ${int(DISPATCH_TARGET_PER_SECOND)} events/s`,
      burst.dispatchedPerSecond >= DISPATCH_TARGET_PER_SECOND && burst.failed === 0 ? "yes" : "no",
    ]),
    [false, true, true, true, true, true, true, true, true, false, false],
  );
  const latencyRow = (label: string, stats: LatencyStats, rawLabel: string, raw: { p50: number; p95: number }) => [
    label,
    int(stats.samples),
    ms(stats.p50),
    ms(stats.p95),
    ms(stats.max),
    int(stats.lost),
    rawLabel,
    ms(raw.p50),
    ms(raw.p95),
    `p95 ≤ ${LATENCY_P95_TARGET_MS} ms`,
    stats.p95 <= LATENCY_P95_TARGET_MS && stats.lost === 0 ? "yes" : "no",
  ];
  const latencyTable = markdownTable(
    ["latency", "samples", "p50 ms", "p95 ms", "max ms", "lost", "raw", "raw p50 ms", "raw p95 ms", "target", "met"],
    [
      latencyRow("f. commit → webhook arrival", stats.latency, "INSERT round trip", stats.rawInsert),
      latencyRow("f. commit → live stream message", stats.stream, "NOTIFY → LISTEN", stats.rawNotify),
    ],
    [false, true, true, true, true, true, false, true, true, false, false],
  );
  const deliveryTable = markdownTable(
    ["delivery", "count", "all arrived s", "p50 s", "deliveries/s", "lost", "repeated"],
    stats.deliveries.map((delivery) => [
      `f. lead.created committed at once → local receiver, by a ${delivery.label}`,
      int(delivery.count),
      delivery.seconds.toFixed(1),
      delivery.p50Seconds.toFixed(1),
      delivery.perSecond < 10 ? delivery.perSecond.toFixed(1) : int(delivery.perSecond),
      int(delivery.lost),
      int(delivery.repeats),
    ]),
    [false, true, true, true, true, true, true],
  );
  return `${throughputTable}\n\n${deliveryTable}\n\n${latencyTable}`;
}
