// `npm run seed:demo`: believable demo leads (and KPI records for most of them) in the database the app uses.
// Idempotent: the same demo emails are generated every run, rows that exist are skipped.
import { DEMO_PARTNER_PASSWORD, seedDemoAffiliates } from "./seed-demo-affiliates";
import { seedDemoIssues } from "./seed-demo-issues";
import { seedDemoRecords } from "./seed-demo-records";
import { describeDemoWork, seedDemoWork } from "./seed-demo-work";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, count, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { industryOptions, yearsInBusinessOptions } from "@contract/leads";
import type { TopProduct } from "@contract/kpi";
import { ConfigError, loadConfig, type AppConfig } from "../server/src/config";
import { openDatabase, type Database, type DatabaseHandle } from "../server/src/db/client";
import { kpiMetrics, leadCounts, leads, users } from "../server/src/db/schema";
import { insertUser } from "../server/src/modules/auth/users.data";

/** A statement may carry at most this many bind parameters (the PostgreSQL protocol counts them in 16 bits). */
export const MAX_BIND_PARAMETERS = 32_767;

export class SeedError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Opening the app's database

function describeTarget(config: AppConfig): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  }
  return `embedded PGlite in ${path.join(config.dataDir ?? "", "pglite")}`;
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

const pgliteBusyMessage = (dir: string, serverUp: boolean, port: number) =>
  [
    `The embedded database in ${dir} is already open in another process${serverUp ? ` (the Leadwell server answers on port ${port})` : ""}.`,
    "PGlite's data directory can be open in one process only: stop the Leadwell server (npm start / npm run dev) and run this again,",
    "or point both at a PostgreSQL server with DATABASE_URL.",
    serverUp ? "" : `If nothing uses it (a crashed process left ${path.join(dir, "postmaster.pid")} behind), run again with --force.`,
  ]
    .filter(Boolean)
    .join("\n");

/**
 * Opens the database exactly as the app does (loadConfig → openDatabase → migrate). PGlite does not itself refuse a
 * second process on the same directory (both would write to it), so an open one (postmaster.pid present) is refused here.
 */
export async function openAppDatabase(
  options: { config?: AppConfig; force?: boolean } = {},
): Promise<{ handle: DatabaseHandle; target: string }> {
  const config = options.config ?? loadConfig();
  const target = describeTarget(config);
  if (!config.databaseUrl && config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    const dir = path.join(config.dataDir, "pglite");
    if (existsSync(path.join(dir, "postmaster.pid")) && !options.force) {
      throw new SeedError(pgliteBusyMessage(dir, await serverAnswers(config.port), config.port));
    }
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 4 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!config.databaseUrl && config.dataDir) {
      const dir = path.join(config.dataDir, "pglite");
      throw new SeedError(`Could not open ${target}: ${reason}\n${pgliteBusyMessage(dir, await serverAnswers(config.port), config.port)}`);
    }
    throw new SeedError(`Could not connect to ${target}: ${reason}`);
  }
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new SeedError(`Could not migrate ${target}: ${reason}`);
  }
  return { handle, target };
}

/** Runs main() when this file is the entry point (not when a test or another script imports it). */
export function isEntryPoint(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(path.resolve(entry)).href === metaUrl;
}

export function reportFailure(error: unknown): never {
  if (error instanceof SeedError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Deterministic demo data: a seeded generator, so each run produces the same people, businesses and emails.

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const intBetween = (rng: Rng, min: number, max: number) => Math.floor(between(rng, min, max + 1));
function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(rng() * copy.length), 1)[0]!);
  return out;
}

const FIRST_NAMES = [
  "José", "Zoë", "Maria", "James", "Aisha", "Liam", "Sofia", "Noah", "Chloé", "Mateo", "Olivia", "Ethan", "Priya", "Lucas",
  "Amelia", "Björn", "François", "Siobhán", "Hiroshi", "Fatima", "Daniel", "Emma", "Raúl", "Ingrid", "Kwame", "Léa",
  "Mohammed", "Hannah", "Diego", "Grace", "Søren", "Renée", "Wei", "Isabella", "Oscar", "Ana", "Tomás", "Mia", "Arjun",
  "Charlotte", "Benjamin", "Lucía", "Ryan", "Nora", "Łukasz", "Elena", "Samuel", "Yasmin", "Patrick", "Camila", "Jürgen",
  "Emily", "Andrés", "Chidi", "Laura", "Miguel", "Sarah", "Anders", "Beatriz", "David", "Ingrid", "Mei", "Marco", "Julia",
] as const;

const LAST_NAMES = [
  "Núñez", "Ångström", "García", "Smith", "Johnson", "Müller", "Patel", "Chen", "O'Brien", "Kowalski", "Nguyễn", "Rossi",
  "Dubois", "Hernández", "Williams", "Brown", "Okafor", "Yamamoto", "Silva", "Andersson", "Çelik", "Dvořák", "Ødegaard",
  "Fernández", "Martin", "Schmidt", "Kim", "Lopez", "Murphy", "Wilson", "Taylor", "Haddad", "Costa", "Novak", "Larsen",
  "Moreau", "Gómez", "Reyes", "Thompson", "Singh", "Walker", "Schäfer", "Bianchi", "Jansen", "Mensah", "Ivanova", "Sánchez",
  "Clarke", "Lefèvre", "Byrne", "Zhang", "Herrera", "Evans", "Nakamura", "Peña", "Brennan", "Kaur", "Álvarez", "Hughes",
] as const;

const PLACES = [
  "Riverside", "Oak Hill", "Harbor Point", "Summit", "Maple Grove", "Cedar Ridge", "Northgate", "Bluewater", "Silver Lake",
  "Willow Creek", "Granite", "Lakeshore", "Evergreen", "Pinecrest", "Sunrise", "Redwood", "Highland", "Coastal", "Metro",
  "Golden Valley", "Brookside", "Ironbridge", "Westfield", "Stonegate", "Bayview", "Foxhall", "Meadowbrook", "Clearwater",
] as const;

type Industry = (typeof industryOptions)[number];

const BUSINESS_NOUNS: Record<Industry, readonly string[]> = {
  technology: ["Software", "Data Labs", "IT Solutions", "Cloud Systems", "Digital", "Web Studio", "Analytics", "Networks", "Apps", "Cybersecurity"],
  healthcare: ["Family Dental", "Physiotherapy", "Pediatrics", "Medical Clinic", "Chiropractic", "Eye Care", "Wellness Center", "Veterinary Hospital", "Pharmacy", "Home Care"],
  finance: ["Accounting", "Wealth Advisors", "Bookkeeping", "Tax Services", "Insurance Brokers", "Capital Partners", "Financial Planning", "Mortgage Group", "Credit Union", "Payroll Services"],
  retail: ["Bookshop", "Florist", "Boutique", "Hardware", "Pet Supplies", "Outdoor Gear", "Home Goods", "Bike Shop", "Wine Cellar", "Toy Store"],
  manufacturing: ["Fabrication", "Tool & Die", "Plastics", "Metalworks", "Woodcraft", "Printing", "Packaging", "Textiles", "Machining", "Components"],
  other: ["Landscaping", "Catering", "Cleaning Co.", "Plumbing", "Law Group", "Fitness Studio", "Real Estate", "Photography", "Auto Repair", "Event Planning"],
};

const INDUSTRY_OTHER: Record<string, string> = {
  Landscaping: "Landscaping",
  Catering: "Food service",
  "Cleaning Co.": "Cleaning services",
  Plumbing: "Trades",
  "Law Group": "Legal services",
  "Fitness Studio": "Fitness",
  "Real Estate": "Real estate",
  Photography: "Creative services",
  "Auto Repair": "Automotive",
  "Event Planning": "Events",
};

/** Businesses named after a person or place with accents, so accent-insensitive search has something to find. */
const SPECIAL_BUSINESSES: readonly { name: string; industry: Industry; other?: string }[] = [
  { name: "Café Lumière", industry: "other", other: "Food service" },
  { name: "Pâtisserie Élise", industry: "retail" },
  { name: "Señor Taco Cantina", industry: "other", other: "Restaurant" },
  { name: "Ålesund Seafood Export", industry: "manufacturing" },
  { name: "Crème de la Crème Bakery", industry: "retail" },
  { name: "Zürich Precision Instruments", industry: "manufacturing" },
  { name: "São Paulo Coffee Roasters", industry: "retail" },
  { name: "Mañana Software", industry: "technology" },
  { name: "Clínica Dental Sonrisa", industry: "healthcare" },
  { name: "Fjällräven Outfitters Co-op", industry: "retail" },
];

const PRODUCTS: Record<Industry, readonly [string, number, number][]> = {
  // name, typical unit price low/high
  technology: [["Annual SaaS licence", 1200, 9000], ["Implementation package", 3000, 25000], ["Managed support plan", 150, 900], ["Custom integration", 2000, 15000], ["Training workshop", 500, 3000]],
  healthcare: [["Routine check-up", 80, 250], ["Dental cleaning", 90, 220], ["Physio session", 60, 140], ["Membership plan", 30, 120], ["Diagnostic imaging", 200, 1200]],
  finance: [["Annual tax return", 250, 1500], ["Monthly bookkeeping", 300, 2000], ["Financial plan", 800, 5000], ["Payroll service", 100, 800], ["Audit support", 2000, 12000]],
  retail: [["Gift cards", 25, 100], ["Seasonal bundle", 40, 180], ["Store brand essentials", 8, 45], ["Premium range", 60, 400], ["Online orders", 30, 150]],
  manufacturing: [["Custom parts run", 2000, 40000], ["Standard components", 5, 60], ["Maintenance contract", 1500, 12000], ["Prototype service", 1000, 8000], ["Bulk packaging", 400, 3000]],
  other: [["Monthly service plan", 80, 500], ["One-off project", 500, 6000], ["Consultation", 75, 300], ["Premium package", 300, 2500], ["Add-on services", 40, 250]],
};

const LEAD_SOURCES = [["website", 30], ["quiz", 22], ["referral", 15], ["event", 10], ["linkedin", 8], ["google-ads", 8], ["cold-call", 4], ["partner", 3]] as const;
const STATUSES = [["new", 38], ["contacted", 27], ["qualified", 15], ["converted", 10], ["lost", 10]] as const;
const PRIORITIES = [["low", 30], ["medium", 50], ["high", 20]] as const;
const EMPLOYEE_COUNTS = ["1-5", "6-20", "21-50", "51-200", "200+"] as const;
const CRM_PLATFORMS = ["HubSpot", "Salesforce", "Zoho CRM", "Pipedrive", "Spreadsheets", "Monday.com"] as const;
const SOFTWARE_CHALLENGES = ["Too many disconnected tools", "Manual data entry", "Poor reporting", "Hard to use", "Too expensive", "No mobile access"] as const;
const CRM_CHALLENGES = ["Low team adoption", "Duplicate contacts", "Missing follow-ups", "No pipeline visibility", "Slow customer support"] as const;
const DESIRED_FEATURES = ["Automated follow-ups", "Revenue dashboards", "Email integration", "Lead scoring", "Mobile app", "Invoicing", "Appointment booking"] as const;
// Free text in the lead (an outside quiz writes what its person chose), so written as a person would read it.
const METRICS_METHODS = ["Spreadsheets", "CRM reports", "Accounting software", "Not tracked", "BI tool"] as const;
const INSIGHT_METHODS = ["Dashboard", "Weekly email", "Mobile alerts", "Monthly report"] as const;
const SETUP_RESPONSIBLE = ["Owner", "Office manager", "IT team", "External consultant"] as const;
const QUIZ_SOURCES = ["instagram", "facebook", "newsletter", "google", "podcast"] as const;
const STAFF = ["Alex Morgan", "Priya Shah", "Tom Becker", "Lucía Romero", "Sam O'Connor"] as const;
const TAGS = ["hot", "follow-up", "newsletter", "trade-show", "vip", "upsell", "needs-demo"] as const;
const STAGE_FOR_STATUS = { new: "New", contacted: "Contacted", qualified: "Proposal", converted: "Won", lost: "Lost" } as const;

/** ASCII for an email address: "Zoë Ångström" → "zoe.angstrom". */
export function asciiSlug(value: string): string {
  const special: Record<string, string> = { ø: "o", Ø: "O", ł: "l", Ł: "L", æ: "ae", Æ: "AE", ß: "ss", đ: "d", Đ: "D", œ: "oe" };
  return value
    .replace(/[øØłŁæÆßđĐœ]/g, (c) => special[c] ?? c)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");
}

const round2 = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

export type NewLead = typeof leads.$inferInsert;

export interface DemoLead {
  lead: NewLead & { email: string };
  kpi: { ytdRevenue: string; mrr: string; topProducts: TopProduct[] } | null;
}

/** The demo set: `count` leads (the same ones every run for the same count), created within `days` before `now`. */
export function buildDemoLeads(count: number, now = new Date(), days = 182): DemoLead[] {
  const rng = mulberry32(20_240_601);
  const emails = new Set<string>();
  const out: DemoLead[] = [];
  for (let i = 0; i < count; i++) {
    // The first two are the named examples. Lead i depends only on the draws before it, so a run makes the same leads.
    const first = i === 0 ? "José" : i === 1 ? "Zoë" : pick(rng, FIRST_NAMES);
    const last = i === 0 ? "Núñez" : i === 1 ? "Ångström" : pick(rng, LAST_NAMES);
    const special = i % 29 === 5 ? SPECIAL_BUSINESSES[Math.floor(i / 29) % SPECIAL_BUSINESSES.length] : undefined;
    const industry: Industry = special?.industry ?? pick(rng, industryOptions);
    const noun = pick(rng, BUSINESS_NOUNS[industry]);
    const style = rng();
    let businessName =
      special?.name ??
      (style < 0.2 ? `${last} ${noun}` : style < 0.28 ? `${first}'s ${noun}` : `${pick(rng, PLACES)} ${noun}`);
    if (!special && rng() < 0.15) businessName += pick(rng, [" LLC", " Ltd", " Inc.", " & Co.", " Group"]);
    const domainBase = asciiSlug(businessName.replace(/\s+(LLC|Ltd|Inc\.|Group|& Co\.)$/, ""));
    const tld = pick(rng, [".com", ".com", ".com", ".co", ".net", ".io", ".es", ".co.uk", ".de"]);
    let email = `${asciiSlug(first)}.${asciiSlug(last)}@${domainBase}${tld}`;
    for (let n = 2; emails.has(email); n++) email = `${asciiSlug(first)}.${asciiSlug(last)}${n}@${domainBase}${tld}`;
    emails.add(email);

    const phoneStyle = rng();
    const digits = () => String(intBetween(rng, 0, 9_999_999)).padStart(7, "0");
    const d = digits();
    const phoneNumber =
      phoneStyle < 0.08
        ? null
        : phoneStyle < 0.45
          ? `+1 (${intBetween(rng, 201, 989)}) ${d.slice(0, 3)}-${d.slice(3)}`
          : phoneStyle < 0.65
            ? `${intBetween(rng, 201, 989)}-${d.slice(0, 3)}-${d.slice(3)}`
            : phoneStyle < 0.8
              ? `+34 6${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(4, 7)}`
              : phoneStyle < 0.92
                ? `+44 20 ${d.slice(0, 4)} ${d.slice(3)}`
                : `+49 30 ${d}`;

    // More leads recently (the funnel grows): the age skews towards today.
    const ageDays = days * Math.pow(rng(), 1.6);
    const createdAt = new Date(now.getTime() - ageDays * 86_400_000 - intBetween(rng, 0, 3_600_000));
    const recent = ageDays < 14;
    let status = weighted(rng, STATUSES);
    if (recent && status !== "new" && rng() < 0.5) status = "new";
    const updatedAt = status === "new" && rng() < 0.6 ? createdAt : new Date(Math.min(now.getTime(), createdAt.getTime() + between(rng, 0.1, 30) * 86_400_000));
    const leadSource = weighted(rng, LEAD_SOURCES);
    const usesCrm = rng() < 0.45;
    const employeeCount = pick(rng, EMPLOYEE_COUNTS);
    const fromQuiz = leadSource === "quiz";

    const lead: DemoLead["lead"] = {
      businessOwnerName: first,
      businessOwnerLastName: last,
      businessName,
      email,
      phoneNumber,
      yearsInBusiness: pick(rng, yearsInBusinessOptions),
      employeeCount,
      industry,
      industryOther: industry === "other" ? (special?.other ?? INDUSTRY_OTHER[noun] ?? null) : null,
      currentCrmUsage: usesCrm,
      currentCrmPlatform: usesCrm ? pick(rng, CRM_PLATFORMS) : null,
      currentSoftwareChallenges: sample(rng, SOFTWARE_CHALLENGES, intBetween(rng, 0, 3)),
      crmChallenges: usesCrm ? sample(rng, CRM_CHALLENGES, intBetween(rng, 1, 2)) : [],
      desiredFeatures: sample(rng, DESIRED_FEATURES, intBetween(rng, 1, 4)),
      metricsTrackingMethod: pick(rng, METRICS_METHODS),
      preferredInsightMethod: pick(rng, INSIGHT_METHODS),
      crmSetupResponsible: pick(rng, SETUP_RESPONSIBLE),
      quizVersion: fromQuiz ? pick(rng, ["v2", "v3"]) : null,
      quizSource: fromQuiz ? pick(rng, QUIZ_SOURCES) : null,
      leadSource,
      status,
      priority: weighted(rng, PRIORITIES),
      assignedTo: status === "new" && rng() < 0.7 ? null : pick(rng, STAFF),
      tags: sample(rng, TAGS, weighted(rng, [[0, 55], [1, 30], [2, 15]] as const)),
      pipelineStage: STAGE_FOR_STATUS[status],
      createdAt,
      updatedAt,
    };

    let kpi: DemoLead["kpi"] = null;
    if (rng() < 0.6) {
      const sizeFactor = { "1-5": 1, "6-20": 3, "21-50": 8, "51-200": 25, "200+": 80 }[employeeCount];
      const ytd = between(rng, 25_000, 160_000) * sizeFactor * between(rng, 0.6, 1.4);
      const mrr = (ytd / 12) * between(rng, 0.2, 0.9);
      const products = sample(rng, PRODUCTS[industry], intBetween(rng, 1, 4));
      let share = between(rng, 0.45, 0.9);
      const topProducts = products.map(([name, lo, hi], index) => {
        const productShare = index === products.length - 1 ? share : share * between(rng, 0.35, 0.65);
        share -= index === products.length - 1 ? 0 : productShare;
        // A big-ticket product of a small business sells once, for no more than its share of the revenue.
        const productRevenue = ytd * productShare;
        const averageRevenue = Math.round(Math.min(between(rng, lo, hi), productRevenue) * 100) / 100;
        const totalSales = Math.max(1, Math.round(productRevenue / averageRevenue));
        return {
          name,
          totalSales,
          averageRevenue,
          totalRevenue: Math.round(totalSales * averageRevenue * 100) / 100,
          profitMargin: Math.round(between(rng, 8, 62) * 10) / 10,
        };
      });
      kpi = { ytdRevenue: round2(ytd), mrr: round2(mrr), topProducts };
    }
    out.push({ lead, kpi });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Inserting

/** Rows per INSERT so that rows × columns stays within the bind-parameter limit. */
export function rowsPerStatement(columnCount: number, limit = MAX_BIND_PARAMETERS): number {
  return Math.max(1, Math.floor(limit / columnCount));
}

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * The people the demo leads are assigned to, as members of staff (Tom Becker a manager, the others agents), so that the
 * leads are theirs (assigneeId), "assigned to me" and "their own leads" mean something, and an administrator can
 * invite them. They have no password until then.
 */
export const DEMO_STAFF = STAFF.map((name) => {
  const [first = "", ...rest] = name.split(" ");
  return { name, email: `${asciiSlug(first)}.${asciiSlug(rest.join(" "))}@example.com`, role: name === "Tom Becker" ? ("manager" as const) : ("agent" as const) };
});

/** Adds the demo staff missing by email; answers how many were added. */
async function ensureDemoStaff(db: Database): Promise<number> {
  let added = 0;
  for (const person of DEMO_STAFF) {
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    if (existing) continue;
    await insertUser(db, { ...person, passwordHash: null });
    added++;
  }
  return added;
}

export interface DemoSeedResult {
  staffAdded: number;
  leadsAdded: number;
  leadsSkipped: number;
  kpiAdded: number;
}

export async function seedDemo(db: Database, count = 300, now = new Date()): Promise<DemoSeedResult> {
  const demo = buildDemoLeads(count, now);
  // Drizzle binds every column of the table for each row (missing ones as DEFAULT): size chunks by the column count.
  const leadRowsPerChunk = rowsPerStatement(Object.keys(getTableColumns(leads)).length);
  const kpiRowsPerChunk = rowsPerStatement(Object.keys(getTableColumns(kpiMetrics)).length);
  return db.transaction(async (tx) => {
    // The staff first: each lead's assignee name is matched to the person as it is stored (lw_lead_assignee).
    const staffAdded = await ensureDemoStaff(tx);
    let leadsAdded = 0;
    for (const part of chunks(demo, leadRowsPerChunk)) {
      // The only unique keys are the identity and lower(email); Drizzle's conflict target takes columns only, and
      // with no target DO NOTHING covers the lower(email) index.
      const inserted = await tx
        .insert(leads)
        .values(part.map((d) => d.lead))
        .onConflictDoNothing()
        .returning({ id: leads.id });
      leadsAdded += inserted.length;
    }

    // KPI for the demo leads that should have one and still have none (whether added now or by an earlier run).
    const kpiByEmail = new Map(demo.filter((d) => d.kpi).map((d) => [d.lead.email.toLowerCase(), d.kpi!]));
    let kpiAdded = 0;
    for (const emails of chunks([...kpiByEmail.keys()], 5_000)) {
      const missing = await tx
        .select({ id: leads.id, email: leads.email })
        .from(leads)
        .leftJoin(kpiMetrics, eq(kpiMetrics.leadId, leads.id))
        .where(and(inArray(sql`lower(${leads.email})`, emails), isNull(kpiMetrics.id)));
      const rows = missing.map((m) => {
        const kpi = kpiByEmail.get(m.email.toLowerCase())!;
        return { leadId: m.id, ytdRevenue: kpi.ytdRevenue, mrr: kpi.mrr, topProducts: kpi.topProducts, updatedAt: now };
      });
      for (const part of chunks(rows, kpiRowsPerChunk)) {
        const inserted = await tx.insert(kpiMetrics).values(part).onConflictDoNothing({ target: kpiMetrics.leadId }).returning({ id: kpiMetrics.id });
        kpiAdded += inserted.length;
      }
    }
    return { staffAdded, leadsAdded, leadsSkipped: demo.length - leadsAdded, kpiAdded };
  });
}

function parseArgs(argv: string[]) {
  let count = 300;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--force") force = true;
    else if (arg === "--count") {
      count = Number(argv[++i]);
      if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new SeedError("--count takes a whole number from 1 to 100000");
    } else if (arg === "--help" || arg === "-h") {
      console.log("Usage: npm run seed:demo [-- --count 300] [--force]\nAdds demo leads and KPI records to the app's database (DATABASE_URL or PGlite in DATA_DIR); safe to run again.");
      process.exit(0);
    } else throw new SeedError(`Unknown option ${arg} (try --help)`);
  }
  return { count, force };
}

const fmt = (n: number) => n.toLocaleString("en-US");

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { handle, target } = await openAppDatabase({ force: args.force });
  try {
    console.log(`Seeding demo data into ${target}`);
    const started = performance.now();
    const result = await seedDemo(handle.db, args.count);
    const partners = await seedDemoAffiliates(handle.db);
    const issues = await seedDemoIssues(handle.db);
    const [totals] = await handle.db.select({ leads: sql<number>`coalesce(sum(${leadCounts.n}), 0)::int` }).from(leadCounts);
    const [withKpi] = await handle.db.select({ n: count() }).from(kpiMetrics);
    const byStatus = await handle.db
      .select({ status: leadCounts.status, n: sql<number>`sum(${leadCounts.n})::int` })
      .from(leadCounts)
      .groupBy(leadCounts.status)
      .orderBy(leadCounts.status);
    console.log(
      `Added ${result.staffAdded} members of staff (${DEMO_STAFF.map((p) => p.email).join(", ")}; no password until invited), ` +
        `${result.leadsAdded} leads (${result.leadsSkipped} of the ${args.count} demo leads were already there) and ` +
        `${result.kpiAdded} KPI records in ${Math.round(performance.now() - started)} ms.`,
    );
    console.log(
      `Added ${partners.affiliatesAdded} affiliates, ${partners.referralsAdded} referrals and ${partners.payoutsAdded} payouts ` +
        `(partners sign in at /partners with their email and the password "${DEMO_PARTNER_PASSWORD}").`,
    );
    console.log(`Added ${issues.issuesAdded} technical issues (approved, awaiting review, rejected and failed).`);
    console.log(describeDemoWork(await seedDemoWork(handle.db)));
    const records = await seedDemoRecords(handle.db);
    console.log(
      `Added ${records.added} Business Health and succession records` +
        (records.familiesSkipped ? ` (${records.familiesSkipped} record families already held records and were left as they were).` : "."),
    );
    console.log(
      `The database now holds ${fmt(totals?.leads ?? 0)} leads (${byStatus.map((s) => `${s.status} ${fmt(s.n)}`).join(", ")}), ${fmt(withKpi?.n ?? 0)} with KPI data.`,
    );
  } finally {
    await handle.close();
  }
}

if (isEntryPoint(import.meta.url)) main().catch(reportFailure);
