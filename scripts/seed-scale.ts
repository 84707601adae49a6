// `npm run seed:scale -- --leads 1000000 [--reset]`: loads many synthetic leads (and KPI records for ~30% of them)
// fast, with INSERT … SELECT … FROM generate_series in chunks, into the database the app uses.
import { sql, type SQL } from "drizzle-orm";
import { industryOptions, yearsInBusinessOptions } from "@contract/leads";
import type { Database } from "../server/src/db/client";
import { rawRows } from "../server/src/db/raw-rows";
import { isEntryPoint, openAppDatabase, reportFailure, SeedError } from "./seed-demo";

const FIRST_NAMES = [
  "José", "Zoë", "Maria", "James", "Aisha", "Liam", "Sofia", "Noah", "Chloé", "Mateo", "Olivia", "Ethan", "Priya", "Lucas",
  "Amelia", "Björn", "François", "Siobhán", "Hiroshi", "Fatima", "Daniel", "Emma", "Raúl", "Ingrid", "Kwame", "Léa",
  "Mohammed", "Hannah", "Diego", "Grace", "Søren", "Renée", "Wei", "Isabella", "Oscar", "Ana", "Tomás", "Mia", "Arjun",
  "Charlotte", "Benjamin", "Lucía", "Ryan", "Nora", "Łukasz", "Elena", "Samuel", "Yasmin", "Patrick", "Camila", "Jürgen",
  "Emily", "Andrés", "Chidi", "Laura", "Miguel", "Sarah", "Anders", "Beatriz", "David", "Mei", "Marco", "Julia", "Kenji",
  "Rosa", "Ahmed", "Claire", "Pedro", "Astrid", "Victor", "Nadia", "Felipe", "Ines", "Georg", "Ayumi", "Bruno", "Eva",
];
const LAST_NAMES = [
  "Núñez", "Ångström", "García", "Smith", "Johnson", "Müller", "Patel", "Chen", "O'Brien", "Kowalski", "Nguyễn", "Rossi",
  "Dubois", "Hernández", "Williams", "Brown", "Okafor", "Yamamoto", "Silva", "Andersson", "Çelik", "Dvořák", "Ødegaard",
  "Fernández", "Martin", "Schmidt", "Kim", "Lopez", "Murphy", "Wilson", "Taylor", "Haddad", "Costa", "Novak", "Larsen",
  "Moreau", "Gómez", "Reyes", "Thompson", "Singh", "Walker", "Schäfer", "Bianchi", "Jansen", "Mensah", "Ivanova", "Sánchez",
  "Clarke", "Lefèvre", "Byrne", "Zhang", "Herrera", "Evans", "Nakamura", "Peña", "Brennan", "Kaur", "Álvarez", "Hughes",
  "Fischer", "Romano", "Nilsson", "Kovač", "Mendoza", "Park", "Ali", "Bergström", "Castro", "Doyle", "Ferreira", "Grant",
  "Hoffmann", "Ibrahim", "Jovanović", "Keller", "Lindqvist", "Marino", "Navarro", "Olsen", "Pereira", "Quinn", "Ramírez",
];
const PLACES = [
  "Riverside", "Oak Hill", "Harbor Point", "Summit", "Maple Grove", "Cedar Ridge", "Northgate", "Bluewater", "Silver Lake",
  "Willow Creek", "Granite", "Lakeshore", "Evergreen", "Pinecrest", "Sunrise", "Redwood", "Highland", "Coastal", "Metro",
  "Golden Valley", "Brookside", "Ironbridge", "Westfield", "Stonegate", "Bayview", "Foxhall", "Meadowbrook", "Clearwater",
  "Elmwood", "Fairview", "Kingsbridge", "Larkspur", "Mill Creek", "Newport", "Orchard", "Prairie", "Queensway", "Rosewood",
  "Seaside", "Thornbury", "Upland", "Valley Forge", "Whitehall", "Yorkshire", "Zenith", "Ashford", "Birchwood", "Copper Hill",
];
/** Ten per industry, in the order of industryOptions. */
const NOUNS = [
  ["Software", "Data Labs", "IT Solutions", "Cloud Systems", "Digital", "Web Studio", "Analytics", "Networks", "Apps", "Cybersecurity"],
  ["Family Dental", "Physiotherapy", "Pediatrics", "Medical Clinic", "Chiropractic", "Eye Care", "Wellness Center", "Veterinary Hospital", "Pharmacy", "Home Care"],
  ["Accounting", "Wealth Advisors", "Bookkeeping", "Tax Services", "Insurance Brokers", "Capital Partners", "Financial Planning", "Mortgage Group", "Credit Union", "Payroll Services"],
  ["Bookshop", "Florist", "Boutique", "Hardware", "Pet Supplies", "Outdoor Gear", "Home Goods", "Bike Shop", "Wine Cellar", "Toy Store"],
  ["Fabrication", "Tool & Die", "Plastics", "Metalworks", "Woodcraft", "Printing", "Packaging", "Textiles", "Machining", "Components"],
  ["Landscaping", "Catering", "Cleaning Co.", "Plumbing", "Law Group", "Fitness Studio", "Real Estate", "Photography", "Auto Repair", "Event Planning"],
].flat();
const OTHER_INDUSTRIES = ["Landscaping", "Food service", "Cleaning services", "Trades", "Legal services", "Fitness", "Real estate", "Creative services", "Automotive", "Events"];
const SUFFIXES = [" LLC", " Ltd", " Inc.", " & Co.", " Group"];
const DOMAINS = [
  "gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "hotmail.co.uk", "gmx.de", "yahoo.es", "mail.com", "fastmail.com",
  "brightline.io", "harborpoint.biz", "summitgroup.co", "northgate.net", "bluewater.shop", "cedarridge.org", "metro-works.com", "oakhill.health",
];
/** Five per industry, with a typical unit price. */
const PRODUCTS: [string, number][] = [
  ["Annual SaaS licence", 4800], ["Implementation package", 12000], ["Managed support plan", 450], ["Custom integration", 7000], ["Training workshop", 1500],
  ["Routine check-up", 150], ["Dental cleaning", 140], ["Physio session", 95], ["Membership plan", 70], ["Diagnostic imaging", 600],
  ["Annual tax return", 700], ["Monthly bookkeeping", 900], ["Financial plan", 2500], ["Payroll service", 350], ["Audit support", 6000],
  ["Gift cards", 50], ["Seasonal bundle", 95], ["Store brand essentials", 22], ["Premium range", 180], ["Online orders", 75],
  ["Custom parts run", 15000], ["Standard components", 25], ["Maintenance contract", 5000], ["Prototype service", 3500], ["Bulk packaging", 1200],
  ["Monthly service plan", 250], ["One-off project", 2500], ["Consultation", 150], ["Premium package", 1200], ["Add-on services", 120],
];
const EMPLOYEE_COUNTS = ["1-5", "6-20", "21-50", "51-200", "200+"];
const CRM_PLATFORMS = ["HubSpot", "Salesforce", "Zoho CRM", "Pipedrive", "Spreadsheets", "Monday.com"];
const DESIRED_FEATURES = ["Automated follow-ups", "Revenue dashboards", "Email integration", "Lead scoring", "Mobile app", "Invoicing", "Appointment booking"];
const STAFF = ["Alex Morgan", "Priya Shah", "Tom Becker", "Lucía Romero", "Sam O'Connor", "Mina Kato", "Jonas Weber"];
const TAGS = ["hot", "follow-up", "newsletter", "trade-show", "vip", "upsell", "needs-demo"];
const QUIZ_SOURCES = ["instagram", "facebook", "newsletter", "google", "podcast"];

/** 100 entries in the given proportions, so `arr[1 + h % 100]` picks by weight. */
function weighted(entries: [string, number][]): string[] {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const out: string[] = [];
  let acc = 0;
  for (const [value, w] of entries) {
    acc += w;
    while (out.length < Math.round((acc / total) * 100)) out.push(value);
  }
  return out;
}
const STATUS_BY_WEIGHT = weighted([["new", 38], ["contacted", 27], ["qualified", 15], ["converted", 10], ["lost", 10]]);
const PRIORITY_BY_WEIGHT = weighted([["low", 30], ["medium", 50], ["high", 20]]);
const SOURCE_BY_WEIGHT = weighted([["website", 30], ["quiz", 22], ["referral", 15], ["event", 10], ["linkedin", 8], ["google-ads", 8], ["cold-call", 4], ["partner", 3]]);

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => sql.raw(`(ARRAY[${list.map(literal).join(",")}]::text[])`);
const numArray = (list: readonly number[]) => sql.raw(`(ARRAY[${list.join(",")}]::numeric[])`);
/** A well-mixed non-negative bigint per (id, salt). */
const h = (id: string, salt: number) => sql.raw(`(hashint8extended(${id}, ${salt}) & 9223372036854775807)`);
/** Pick from a list by hash: list[1 + hash % length]. */
const pickSql = (list: readonly string[], id: string, salt: number) => sql`${textArray(list)}[1 + ${h(id, salt)} % ${sql.raw(String(list.length))}]`;

const THREE_YEARS_SECONDS = Math.round(3 * 365.25 * 86_400);

/**
 * One chunk of leads: ids come from the table's identity sequence (so emails lead<id>@… never collide with an earlier
 * run), created_at runs from 3 years ago to now across the whole load in insertion order, like real sign-ups.
 */
export function leadChunkSql(from: number, to: number, total: number): SQL {
  return sql`
    WITH s AS (
      SELECT nextval(pg_get_serial_sequence('leads', 'id')) AS id, g
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g
    ),
    v AS (
      SELECT s.id, s.g,
        ${pickSql(FIRST_NAMES, "s.id", 1)} AS first_name,
        ${pickSql(LAST_NAMES, "s.id", 2)} AS last_name,
        (${h("s.id", 3)} % 6)::int AS industry_idx,
        ${h("s.id", 4)} AS h4,
        ${h("s.id", 5)} AS h5,
        ${h("s.id", 6)} AS h6,
        ${pickSql(SOURCE_BY_WEIGHT, "s.id", 7)} AS lead_source,
        ${pickSql(STATUS_BY_WEIGHT, "s.id", 8)} AS status
      FROM s
    ),
    w AS (
      SELECT v.*,
        ${textArray(NOUNS)}[1 + industry_idx * 10 + h4 % 10] AS noun,
        now() - make_interval(secs => (1 - g::float8 / ${total}) * ${sql.raw(String(THREE_YEARS_SECONDS))} + (h5 % 86400)) AS created_at
      FROM v
    ),
    ins AS (
      INSERT INTO leads (
        id, business_owner_name, business_owner_last_name, business_name, email, phone_number, years_in_business,
        employee_count, industry, industry_other, current_crm_usage, current_crm_platform, desired_features,
        quiz_version, quiz_source, lead_source, status, priority, assigned_to, tags, pipeline_stage, created_at, updated_at
      ) OVERRIDING SYSTEM VALUE
      SELECT
        id, first_name, last_name,
        CASE
          WHEN h6 % 100 < 25 THEN last_name || ' ' || noun
          WHEN h6 % 100 < 33 THEN first_name || '''s ' || noun
          ELSE ${textArray(PLACES)}[1 + (h6 >> 8) % ${sql.raw(String(PLACES.length))}] || ' ' || noun
        END || CASE WHEN (h6 >> 20) % 100 < 18 THEN ${textArray(SUFFIXES)}[1 + (h6 >> 28) % 5] ELSE '' END,
        'lead' || id || '@' || ${pickSql(DOMAINS, "id", 9)},
        CASE (h5 >> 20) % 10
          WHEN 0 THEN NULL
          WHEN 1 THEN '+34 6' || lpad(((h5 >> 24) % 100000000)::text, 8, '0')
          WHEN 2 THEN '+44 20 ' || lpad(((h5 >> 24) % 10000)::text, 4, '0') || ' ' || lpad(((h5 >> 40) % 10000)::text, 4, '0')
          WHEN 3 THEN (201 + (h5 >> 24) % 789) || '-' || lpad(((h5 >> 34) % 1000)::text, 3, '0') || '-' || lpad(((h5 >> 44) % 10000)::text, 4, '0')
          ELSE '+1 (' || (201 + (h5 >> 24) % 789) || ') ' || lpad(((h5 >> 34) % 1000)::text, 3, '0') || '-' || lpad(((h5 >> 44) % 10000)::text, 4, '0')
        END,
        ${pickSql(yearsInBusinessOptions, "id", 10)},
        ${pickSql(EMPLOYEE_COUNTS, "id", 11)},
        ${textArray(industryOptions)}[1 + industry_idx],
        CASE WHEN industry_idx = 5 THEN ${textArray(OTHER_INDUSTRIES)}[1 + h4 % 10] END,
        (h4 >> 8) % 100 < 45,
        CASE WHEN (h4 >> 8) % 100 < 45 THEN ${textArray(CRM_PLATFORMS)}[1 + (h4 >> 16) % ${sql.raw(String(CRM_PLATFORMS.length))}] END,
        CASE WHEN (h4 >> 24) % 2 = 0 THEN ARRAY[${textArray(DESIRED_FEATURES)}[1 + (h4 >> 32) % 7]] ELSE '{}'::text[] END,
        CASE WHEN lead_source = 'quiz' THEN 'v' || (2 + (h4 >> 40) % 2) END,
        CASE WHEN lead_source = 'quiz' THEN ${textArray(QUIZ_SOURCES)}[1 + (h4 >> 44) % 5] END,
        lead_source,
        status,
        ${pickSql(PRIORITY_BY_WEIGHT, "id", 12)},
        CASE WHEN status = 'new' AND (h6 >> 36) % 100 < 60 THEN NULL ELSE ${textArray(STAFF)}[1 + (h6 >> 44) % ${sql.raw(String(STAFF.length))}] END,
        CASE
          WHEN (h5 >> 48) % 100 < 12 THEN ARRAY[${textArray(TAGS)}[1 + (h5 >> 52) % 7]]
          WHEN (h5 >> 48) % 100 < 16 THEN ARRAY[${textArray(TAGS)}[1 + (h5 >> 52) % 7], ${textArray(TAGS)}[1 + ((h5 >> 52) + 3) % 7]]
          ELSE '{}'::text[]
        END,
        CASE status WHEN 'new' THEN 'New' WHEN 'contacted' THEN 'Contacted' WHEN 'qualified' THEN 'Proposal' WHEN 'converted' THEN 'Won' ELSE 'Lost' END,
        created_at,
        least(now(), created_at + make_interval(secs => (h4 >> 48) % (30 * 86400)))
      FROM w
      RETURNING id
    )
    SELECT count(*)::int AS n, min(id)::int AS first_id, max(id)::int AS last_id FROM ins`;
}

/** KPI records for a share of the leads with ids in [firstId, lastId], products matching each lead's industry. */
export function kpiChunkSql(firstId: number, lastId: number, sharePercent: number): SQL {
  return sql`
    WITH ins AS (
      INSERT INTO kpi_metrics (lead_id, ytd_revenue, mrr, top_products, updated_at)
      SELECT l.id,
        round(p.total * x.factor, 2),
        round(p.total * x.factor / 12 * (0.2 + (x.hx >> 16) % 70 / 100.0), 2),
        p.products,
        l.updated_at
      FROM leads l
      CROSS JOIN LATERAL (
        SELECT ${h("l.id", 50)} AS hx, 1.15 + (${h("l.id", 51)} % 100) / 100.0 AS factor,
          coalesce(array_position(${textArray(industryOptions)}, l.industry::text), 6) - 1 AS industry_idx
      ) x
      CROSS JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object(
                 'name', name, 'totalSales', sales, 'averageRevenue', avg_revenue,
                 'totalRevenue', round(sales * avg_revenue, 2), 'profitMargin', margin) ORDER BY n) AS products,
               sum(round(sales * avg_revenue, 2)) AS total
        FROM (
          SELECT n,
            ${textArray(PRODUCTS.map(([name]) => name))}[1 + x.industry_idx * 5 + ((x.hx >> 8) + n) % 5] AS name,
            round(${numArray(PRODUCTS.map(([, price]) => price))}[1 + x.industry_idx * 5 + ((x.hx >> 8) + n) % 5]
              * (0.6 + (${h("l.id", 60)} >> n * 4) % 80 / 100.0), 2) AS avg_revenue,
            1 + (${h("l.id", 61)} >> n * 6) % ${numArray(PRODUCTS.map(([, price]) => Math.max(3, Math.round(120_000 / price))))}[1 + x.industry_idx * 5 + ((x.hx >> 8) + n) % 5] AS sales,
            round(5 + (${h("l.id", 62)} >> n * 5) % 550 / 10.0, 1) AS margin
          FROM generate_series(1, 1 + ((x.hx >> 4) % 4)::int) AS n
        ) q
      ) p
      WHERE l.id BETWEEN ${firstId} AND ${lastId} AND x.hx % 100 < ${sharePercent}
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`;
}

const rows = <R extends object>(db: Database, query: SQL): Promise<R[]> => rawRows<R>(db, query);

/**
 * Empties the leads and every table that references them (kpi_metrics, affiliate_referrals, affiliate_commissions),
 * and puts right the totals their triggers keep: TRUNCATE fires no DELETE trigger.
 */
export async function resetLeads(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`TRUNCATE leads RESTART IDENTITY CASCADE`);
    await tx.execute(sql`TRUNCATE lead_counts, lead_daily_counts`);
    await tx.execute(sql`
      INSERT INTO kpi_totals (id, ytd_sum, mrr_sum, leads_with_kpi) VALUES (1, 0, 0, 0)
      ON CONFLICT (id) DO UPDATE SET ytd_sum = 0, mrr_sum = 0, leads_with_kpi = 0`);
    // Affiliates stay, but their referrals and commissions went with the leads.
    const [affiliates] = await rows<{ present: boolean }>(tx, sql`SELECT to_regclass('affiliates') IS NOT NULL AS present`);
    if (affiliates?.present) {
      await tx.execute(sql`
        UPDATE affiliates a SET
          total_referrals = (SELECT count(*) FROM affiliate_referrals r WHERE r.affiliate_id = a.id),
          commission_earned = (SELECT coalesce(sum(c.amount), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id AND c.status <> 'voided')`);
    }
  });
}

export interface ScaleSeedOptions {
  leads: number;
  chunk?: number;
  /** Share of the new leads that get a KPI record, 0–1. */
  kpiShare?: number;
  reset?: boolean;
  /**
   * Load in one transaction with the leads' secondary indexes dropped and rebuilt at the end (several times faster
   * than maintaining the trigram index row by row). Default: when the load at least doubles the table.
   */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
}

export interface ScaleSeedResult {
  leads: number;
  kpi: number;
  seconds: number;
  rowsPerSecond: number;
}

type Executor = Pick<Database, "execute" | "transaction">;

/** Indexes on leads that back no constraint (the primary key stays), with the statement that recreates each. */
async function secondaryIndexes(db: Executor) {
  return rows<{ name: string; def: string }>(
    db as Database,
    sql`SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE i.indrelid = 'leads'::regclass AND NOT i.indisprimary
          AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = i.indexrelid)
        ORDER BY c.relname`,
  );
}

export async function countLeads(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT coalesce(sum(n), 0)::int AS n FROM lead_counts`);
  return row?.n ?? 0;
}

export async function seedScale(db: Database, options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const chunk = options.chunk ?? 100_000;
  const sharePercent = Math.round((options.kpiShare ?? 0.3) * 100);
  const log = options.log ?? (() => undefined);
  if (options.reset) {
    await resetLeads(db);
    log("Emptied leads (and what references them) and reset lead_counts, lead_daily_counts and kpi_totals");
  }
  const rebuild = options.rebuildIndexes ?? options.leads >= (await countLeads(db));
  const started = performance.now();
  let leadsAdded = 0;
  let kpiAdded = 0;

  const loadChunk = async (tx: Executor, from: number, to: number) => {
    const [added] = await rows<{ n: number; first_id: number | null; last_id: number | null }>(tx as Database, leadChunkSql(from, to, options.leads));
    if (!added || added.n === 0 || added.first_id === null || added.last_id === null) return { n: 0, kpi: 0 };
    const [k] = await rows<{ n: number }>(tx as Database, kpiChunkSql(added.first_id, added.last_id, sharePercent));
    return { n: added.n, kpi: k?.n ?? 0 };
  };
  /** Every chunk inside `tx` when given, else each chunk in a transaction of its own. */
  const loadAll = async (tx?: Executor) => {
    for (let from = 0; from < options.leads; from += chunk) {
      const to = Math.min(options.leads, from + chunk) - 1;
      const chunkStarted = performance.now();
      const { n, kpi } = tx
        ? await loadChunk(tx, from, to)
        : await db.transaction(async (own) => {
            // Losing the last chunk in a crash is fine for synthetic data; the commit need not wait for the WAL flush.
            await own.execute(sql`SET LOCAL synchronous_commit = off`);
            return loadChunk(own, from, to);
          });
      leadsAdded += n;
      kpiAdded += kpi;
      const chunkSeconds = (performance.now() - chunkStarted) / 1000;
      log(`  ${fmt(leadsAdded).padStart(11)} / ${fmt(options.leads)} leads (+${fmt(kpi)} KPI) — chunk ${chunkSeconds.toFixed(1)} s, ${fmt(n / chunkSeconds)} leads/s`);
    }
  };

  if (rebuild) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
      // Transactional DDL: if anything fails, the rollback brings the indexes back as they were.
      const indexes = await secondaryIndexes(tx);
      for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
      log(`One transaction; dropped ${indexes.length} secondary indexes on leads, rebuilt after the load`);
      await loadAll(tx);
      const buildStarted = performance.now();
      for (const index of indexes) await tx.execute(sql.raw(index.def));
      log(`Rebuilt ${indexes.length} indexes in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
    });
  } else {
    await loadAll();
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const analyzeStarted = performance.now();
  // VACUUM too, as autovacuum would soon after such a load: it marks the pages all-visible, so an index-only scan
  // (a search in creation order reads search_text from leads_created_search_idx) need not visit the table.
  await db.execute(sql`VACUUM (ANALYZE) leads, kpi_metrics, lead_counts, lead_daily_counts`);
  log(`VACUUM (ANALYZE) in ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;
  return { leads: leadsAdded, kpi: kpiAdded, seconds, rowsPerSecond: leadsAdded / loadSeconds };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

function parseArgs(argv: string[]) {
  const options = { leads: 100_000, chunk: 100_000, kpiShare: 0.3, reset: false, force: false };
  const positiveInt = (flag: string, value: string | undefined, max: number) => {
    const n = Number(value?.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < 1 || n > max) throw new SeedError(`${flag} takes a whole number from 1 to ${fmt(max)}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--leads") options.leads = positiveInt(arg, argv[++i], 50_000_000);
    else if (arg === "--chunk") options.chunk = positiveInt(arg, argv[++i], 1_000_000);
    else if (arg === "--kpi-share") {
      options.kpiShare = Number(argv[++i]);
      if (!(options.kpiShare >= 0 && options.kpiShare <= 1)) throw new SeedError("--kpi-share takes a number from 0 to 1");
    } else if (arg === "--reset") options.reset = true;
    else if (arg === "--force") options.force = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(`Usage: npm run seed:scale -- [--leads 100000] [--chunk 100000] [--kpi-share 0.3] [--reset] [--force]

Adds synthetic leads (emails lead<id>@…, created over the last 3 years) and KPI records for a share of them to the
app's database (DATABASE_URL, or PGlite in DATA_DIR), then runs VACUUM (ANALYZE).
  --reset   first TRUNCATE leads RESTART IDENTITY CASCADE (also empties kpi_metrics, affiliate_referrals,
            affiliate_commissions and any other table referencing leads), reset the lead and KPI counters and
            recompute the affiliates' referral and commission totals
  --force   open PGlite even though its postmaster.pid says another process has it open`);
      process.exit(0);
    } else throw new SeedError(`Unknown option ${arg} (try --help)`);
  }
  return options;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { handle, target } = await openAppDatabase({ force: args.force });
  try {
    console.log(`Loading ${fmt(args.leads)} leads into ${target} in chunks of ${fmt(args.chunk)}${args.reset ? " (after a reset)" : ""}`);
    const result = await seedScale(handle.db, { ...args, log: (line) => console.log(line) });
    const [totals] = await rows<{ leads: number; kpi: number }>(
      handle.db,
      sql`SELECT (SELECT coalesce(sum(n), 0)::int FROM lead_counts) AS leads, (SELECT leads_with_kpi FROM kpi_totals WHERE id = 1) AS kpi`,
    );
    console.log(
      `Added ${fmt(result.leads)} leads and ${fmt(result.kpi)} KPI records in ${result.seconds.toFixed(1)} s ` +
        `(${fmt(result.rowsPerSecond)} leads/s including their KPI records, before VACUUM (ANALYZE)). ` +
        `The database now holds ${fmt(totals?.leads ?? 0)} leads, ${fmt(totals?.kpi ?? 0)} with KPI data.`,
    );
  } finally {
    await handle.close();
  }
}

if (isEntryPoint(import.meta.url)) main().catch(reportFailure);
