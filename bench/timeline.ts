/**
 * h. The lead timeline (issue 25): what writing an entry in every lead update's transaction costs, and how fast a lead
 * page with a long history reads.
 *
 * - *write cost*: lead updates that each change a field (a new phone number), from 32 concurrent loops for the same
 *   time with the timeline's update trigger enabled and then disabled (`ALTER TABLE leads DISABLE TRIGGER`), through
 *   the API (`PUT /api/leads/{id}`: the whole service, with its event and audit row) and raw (the single `UPDATE`
 *   through pg). Target: with ≥ 0.85× without, on the API.
 * - *reads*: the lead with the lowest id is given 5,000 entries (written once, as synthetic field changes), and its
 *   page's two reads (`GET /api/leads/{id}`, the first timeline page) run as scenarios of the main table.
 */
import pg from "pg";
import { int, markdownTable, ms, summarize, type LoadStats } from "./stats";

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

export interface TimelineWriteStats {
  api: { with: LoadStats; without: LoadStats };
  raw: { with: LoadStats; without: LoadStats };
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

async function loop(seconds: number, concurrency: number, once: (n: number) => Promise<boolean>): Promise<LoadStats> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
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
  return summarize(latencies, (performance.now() - started) / 1000, errors);
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
  const measure = async (once: (n: number) => Promise<boolean>) => {
    await loop(2, options.concurrency, once);
    return loop(options.seconds, options.concurrency, once);
  };
  console.log(`\nh. timeline write cost: lead updates from ${options.concurrency} loops, ${options.seconds} s each, trigger on and off`);
  const apiWith = await measure(apiOnce);
  const rawWith = await measure(rawOnce);
  await options.pool.query("ALTER TABLE leads DISABLE TRIGGER leads_timeline_update");
  let apiWithout: LoadStats;
  let rawWithout: LoadStats;
  try {
    apiWithout = await measure(apiOnce);
    rawWithout = await measure(rawOnce);
  } finally {
    await options.pool.query("ALTER TABLE leads ENABLE TRIGGER leads_timeline_update");
  }
  // The bench's own entries go; the leads keep their last phone number.
  await options.pool.query("DELETE FROM lead_timeline WHERE id > $1 AND kind = 'changed'", [mark]);
  const stats = { api: { with: apiWith, without: apiWithout }, raw: { with: rawWith, without: rawWithout } };
  console.log(
    `  API: ${int(apiWith.perSecond)} updates/s with the timeline, ${int(apiWithout.perSecond)} without (${(apiWith.perSecond / apiWithout.perSecond).toFixed(2)}×); ` +
      `raw UPDATE: ${int(rawWith.perSecond)}/s with, ${int(rawWithout.perSecond)}/s without (${(rawWith.perSecond / rawWithout.perSecond).toFixed(2)}×)`,
  );
  return stats;
}

export function timelineWriteTable(stats: TimelineWriteStats): string {
  const row = (label: string, withTrigger: LoadStats, without: LoadStats, target: string, met: string) => [
    label,
    int(withTrigger.perSecond),
    ms(withTrigger.p95),
    int(without.perSecond),
    ms(without.p95),
    `${(withTrigger.perSecond / without.perSecond).toFixed(2)}×`,
    target,
    met,
  ];
  const apiRatio = stats.api.with.perSecond / stats.api.without.perSecond;
  return markdownTable(
    ["h. lead update", "with timeline /s", "p95 ms", "without /s", "p95 ms", "with/without", "target", "met"],
    [
      row("API PUT /api/leads/{id}", stats.api.with, stats.api.without, "≥ 0.85×", apiRatio >= 0.85 ? "yes" : "no"),
      row("raw UPDATE leads", stats.raw.with, stats.raw.without, "", ""),
    ],
    [false, true, true, true, true, true, false, false],
  );
}
