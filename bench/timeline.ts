/**
 * h. The lead timeline (issue 25): what writing an entry in every lead update's transaction costs, and how fast a lead
 * page with a long history reads.
 *
 * - *write cost*: lead updates that each change a field (a new phone number), from 32 concurrent loops for the same
 *   time with the timeline's update trigger enabled and then disabled (`ALTER TABLE leads DISABLE TRIGGER`), through
 *   the API (`PUT /api/leads/{id}`: the whole service, with its event and audit row) and raw (the single `UPDATE`
 *   through pg). Target: with ≥ 0.85× without, on the API. Commit-bound updates on a shared host swing by a third from
 *   one run to the next, so the four sides run in WRITE_ROUNDS alternating rounds (with, then without, each round) of
 *   half the duration each, and each side's figure pools its rounds; the table gives the rounds' ratios too.
 * - *reads*: the lead with the lowest id is given 5,000 entries (written once, as synthetic field changes), and its
 *   page's two reads (`GET /api/leads/{id}`, the first timeline page) run as scenarios of the main table.
 */
import pg from "pg";
import { int, markdownTable, ms, pooledStats, summarize, type LoadStats } from "./stats";

export const TIMELINE_ENTRIES = 5_000;

/** The lead whose page the read scenarios open, given TIMELINE_ENTRIES entries if it has fewer. */
export async function prepareTimelineLead(pool: pg.Pool): Promise<number> {
  const lead = (await pool.query<{ id: number }>("SELECT min(id) AS id FROM leads")).rows[0]?.id;
  if (!lead) throw new Error("the bench database holds no lead");
  const have = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM lead_timeline WHERE lead_id = $1", [lead])).rows[0]?.n ?? 0);
  if (have < TIMELINE_ENTRIES) {
    await pool.query(
      `INSERT INTO lead_timeline (lead_id, at, kind, actor, changes)
       SELECT $1, now() - make_interval(mins => n), 'changed', '{"kind":"system"}'::jsonb,
              jsonb_build_array(jsonb_build_object('field', 'priority', 'from', 'low', 'to', 'high'))
       FROM generate_series(1, $2::int) AS n`,
      [lead, TIMELINE_ENTRIES - have],
    );
  }
  return lead;
}

/** Alternating rounds of the write-cost sides (see above). */
export const WRITE_ROUNDS = 3;

export interface TimelineWriteStats {
  api: { with: LoadStats; without: LoadStats };
  raw: { with: LoadStats; without: LoadStats };
  /** Each round's with/without ratio, API and raw. */
  rounds: { api: number; raw: number }[];
}

interface WriteOptions {
  base: string;
  headers: Record<string, string>;
  pool: pg.Pool;
  seconds: number;
  concurrency: number;
}

/** Lead ids the updates spread over: far apart rows, so no two loops wait on one lock for long. */
async function updateTargets(pool: pg.Pool, count: number): Promise<number[]> {
  return (await pool.query<{ id: number }>("SELECT id FROM leads ORDER BY id LIMIT $1", [count])).rows.map((row) => row.id);
}

let counter = 0;

/** One timed run, its latencies kept so that a side's rounds pool into one figure (pooledStats). */
async function loop(seconds: number, concurrency: number, once: (n: number) => Promise<boolean>): Promise<LoadStats> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && errors < 100) {
      const t0 = performance.now();
      if (await once(counter++)) latencies.push(performance.now() - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (errors >= 100) throw new Error("the timeline write bench keeps failing");
  return { ...summarize(latencies, (performance.now() - started) / 1000, errors), samples: latencies };
}

const phone = (n: number) => `+34 6${String(10_000_000 + ((n * 7_919) % 89_999_999)).padStart(8, "0")}`;

export async function runTimelineWriteBench(options: WriteOptions): Promise<TimelineWriteStats> {
  const targets = await updateTargets(options.pool, 20_000);
  const mark = Number((await options.pool.query<{ id: string | null }>("SELECT max(id) AS id FROM lead_timeline")).rows[0]?.id ?? 0);
  const apiOnce = async (n: number) => {
    const id = targets[n % targets.length];
    const res = await fetch(`${options.base}/api/leads/${id}`, {
      method: "PUT",
      headers: { ...options.headers, "content-type": "application/json" },
      body: JSON.stringify({ phoneNumber: phone(n + Date.now()) }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  const rawOnce = async (n: number) => {
    await options.pool.query("UPDATE leads SET phone_number = $1, updated_at = now() WHERE id = $2", [phone(n + Date.now()), targets[n % targets.length]]);
    return true;
  };
  const roundSeconds = Math.max(2, options.seconds / 2);
  const measure = async (once: (n: number) => Promise<boolean>) => {
    await loop(1, options.concurrency, once);
    return loop(roundSeconds, options.concurrency, once);
  };
  console.log(
    `\nh. timeline write cost: lead updates from ${options.concurrency} loops, trigger on and off in ${WRITE_ROUNDS} alternating rounds of ${roundSeconds} s a side`,
  );
  const runs = { apiWith: [] as LoadStats[], rawWith: [] as LoadStats[], apiWithout: [] as LoadStats[], rawWithout: [] as LoadStats[] };
  const rounds: TimelineWriteStats["rounds"] = [];
  const withTrigger = async () => ({ api: await measure(apiOnce), raw: await measure(rawOnce) });
  const withoutTrigger = async () => {
    await options.pool.query("ALTER TABLE leads DISABLE TRIGGER leads_timeline_update");
    try {
      return { api: await measure(apiOnce), raw: await measure(rawOnce) };
    } finally {
      await options.pool.query("ALTER TABLE leads ENABLE TRIGGER leads_timeline_update");
    }
  };
  for (let round = 0; round < WRITE_ROUNDS; round++) {
    // Every update leaves a dead row behind (and this server may run without autovacuum), so later runs are a little
    // slower: each round swaps which side goes first, so neither always gets the fresher table.
    const first = round % 2 === 0 ? await withTrigger() : await withoutTrigger();
    const second = round % 2 === 0 ? await withoutTrigger() : await withTrigger();
    const [on, off] = round % 2 === 0 ? [first, second] : [second, first];
    runs.apiWith.push(on.api);
    runs.rawWith.push(on.raw);
    runs.apiWithout.push(off.api);
    runs.rawWithout.push(off.raw);
    rounds.push({ api: on.api.perSecond / off.api.perSecond, raw: on.raw.perSecond / off.raw.perSecond });
    console.log(`  round ${round + 1}: API ${rounds.at(-1)!.api.toFixed(2)}×, raw ${rounds.at(-1)!.raw.toFixed(2)}×`);
  }
  const apiWith = pooledStats(runs.apiWith);
  const apiWithout = pooledStats(runs.apiWithout);
  const rawWith = pooledStats(runs.rawWith);
  const rawWithout = pooledStats(runs.rawWithout);
  // The bench's own entries go; the leads keep their last phone number.
  await options.pool.query("DELETE FROM lead_timeline WHERE id > $1 AND kind = 'changed'", [mark]);
  const stats = { api: { with: apiWith, without: apiWithout }, raw: { with: rawWith, without: rawWithout }, rounds };
  console.log(
    `  API: ${int(apiWith.perSecond)} updates/s with the timeline, ${int(apiWithout.perSecond)} without (${(apiWith.perSecond / apiWithout.perSecond).toFixed(2)}×); ` +
      `raw UPDATE: ${int(rawWith.perSecond)}/s with, ${int(rawWithout.perSecond)}/s without (${(rawWith.perSecond / rawWithout.perSecond).toFixed(2)}×)`,
  );
  return stats;
}

export function timelineWriteTable(stats: TimelineWriteStats): string {
  const range = (ratios: number[]) => `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
  const row = (label: string, withTrigger: LoadStats, without: LoadStats, rounds: string, target: string, met: string) => [
    label,
    int(withTrigger.perSecond),
    ms(withTrigger.p95),
    int(without.perSecond),
    ms(without.p95),
    `${(withTrigger.perSecond / without.perSecond).toFixed(2)}×`,
    rounds,
    target,
    met,
  ];
  const apiRatio = stats.api.with.perSecond / stats.api.without.perSecond;
  return markdownTable(
    ["h. lead update", "with timeline /s", "p95 ms", "without /s", "p95 ms", "with/without", "rounds", "target", "met"],
    [
      row("API PUT /api/leads/{id}", stats.api.with, stats.api.without, range(stats.rounds.map((r) => r.api)), "≥ 0.85×", apiRatio >= 0.85 ? "yes" : "no"),
      row("raw UPDATE leads", stats.raw.with, stats.raw.without, range(stats.rounds.map((r) => r.raw)), "", ""),
    ],
    [false, true, true, true, true, true, true, false, false],
  );
}
