import { asc, inArray } from "drizzle-orm";
import type { AiRepairLog, Issue, IssueStatus } from "@contract/issues";
import type { Database } from "../server/src/db/client";
import { leads, technicalIssues } from "../server/src/db/schema";

const DAY = 86_400_000;

/** Demo proposals were written for the demo, by no model: the source says so instead of naming one. */
const demoSource = { kind: "model", model: "demo data (no model was called)", endpoint: null } as const;

interface DemoIssue {
  description: string;
  screenshotUrl: string | null;
  status: IssueStatus;
  daysAgo: number;
  proposal?: { summary: string; codeDiff: string; references?: AiRepairLog["references"] };
  review?: { notes: string; daysAfter: number };
  failure?: Omit<NonNullable<Issue["repairFailure"]>, "failedAt">;
}

const ISSUES: DemoIssue[] = [
  {
    description: "The leads CSV export shows garbled accents when opened in Excel: Núñez appears as NÃºÃ±ez and Zürich as ZÃ¼rich.",
    screenshotUrl: "https://screenshots.example.com/leadwell/csv-accents.png",
    status: "approved",
    daysAgo: 41,
    proposal: {
      summary:
        "Excel opens a CSV without a byte-order mark as Windows-1252, so every UTF-8 accent turns into two characters. " +
        "Start the export with a UTF-8 byte-order mark; LibreOffice, Numbers and Google Sheets ignore it.",
      codeDiff: [
        "--- a/server/src/lib/csv.ts",
        "+++ b/server/src/lib/csv.ts",
        "@@ -1,3 +1,6 @@",
        "+/** Excel reads a CSV as Windows-1252 unless it starts with a UTF-8 byte-order mark. */",
        '+export const CSV_BOM = "\\uFEFF";',
        "+",
        " export function csvRow(cells: readonly unknown[]): string {",
        '   return `${cells.map(csvCell).join(",")}\\r\\n`;',
        " }",
      ].join("\n"),
    },
    review: { notes: "Checked in Excel 365 (Windows and Mac) and LibreOffice: accents are right in all three.", daysAfter: 2 },
  },
  {
    description: "Dashboard shows Total Revenue $0K although dozens of leads have KPI data with six-figure revenue.",
    screenshotUrl: null,
    status: "approved",
    daysAgo: 33,
    proposal: {
      summary:
        'The card parses the total with parseInt, but the value arrives formatted with thousands separators ("1,204,300"), so ' +
        "parseInt stops at the first comma and the card rounds 1 dollar to $0K. Send plain decimal strings and format on the client only.",
      codeDiff: [
        "--- a/client/src/features/dashboard/stat-cards.tsx",
        "+++ b/client/src/features/dashboard/stat-cards.tsx",
        "@@ -18,7 +18,7 @@ export function StatCards({ stats }: { stats: DashboardStats }) {",
        "   const { t } = useTranslation();",
        "-  const ytdThousands = Math.round(parseInt(stats.ytd, 10) / 1000);",
        "+  const ytdThousands = Math.round(Number(stats.ytd) / 1000);",
        "   return (",
      ].join("\n"),
    },
    review: { notes: "Fixed the MRR card the same way; both match the KPI screen now.", daysAfter: 1 },
  },
  {
    description: "Password reset emails never arrive for staff whose address is at outlook.com; Gmail addresses get them within a minute.",
    screenshotUrl: null,
    status: "approved",
    daysAgo: 26,
    proposal: {
      summary:
        "Nothing in the application is wrong: the domain's SPF record does not list the server that sends our mail, and Outlook " +
        "silently drops mail that fails SPF. Add the sending server to the SPF record; no code change is needed.",
      codeDiff: "",
    },
    review: { notes: "IT updated the SPF record; test emails to outlook.com arrive now.", daysAfter: 3 },
  },
  {
    description: "The sign-in button keeps spinning forever on slow hotel Wi-Fi; after a minute there is still no error and no way to try again.",
    screenshotUrl: "https://screenshots.example.com/leadwell/sign-in-spinner.png",
    status: "awaiting_review",
    daysAgo: 4,
    proposal: {
      summary:
        "The sign-in request has no time limit, so a connection that stalls never settles and the button stays busy. Abort the request " +
        "after 15 seconds and show a message that invites the person to try again.",
      codeDiff: [
        "--- a/client/src/features/auth/login-form.tsx",
        "+++ b/client/src/features/auth/login-form.tsx",
        "@@ -31,9 +31,12 @@ export function LoginForm() {",
        "   const onSubmit = form.handleSubmit(async (values) => {",
        "-    const res = await fetch(\"/api/auth/login\", { method: \"POST\", body: JSON.stringify(values), headers });",
        "+    const res = await fetch(\"/api/auth/login\", {",
        "+      method: \"POST\",",
        "+      body: JSON.stringify(values),",
        "+      headers,",
        "+      signal: AbortSignal.timeout(15_000),",
        "+    }).catch(() => null);",
        "+    if (!res) return setError(t(\"auth.signInTimedOut\"));",
        "     if (!res.ok) return setError(await errorMessage(res));",
      ].join("\n"),
    },
  },
  {
    description: 'Searching Lead Management for two words, for example "bakery madrid", finds nothing although such leads exist.',
    screenshotUrl: null,
    status: "failed",
    daysAgo: 2,
    failure: { reason: "The model did not answer within 60 s", attempts: 4 },
  },
  {
    description: "The Export Data button in the header does nothing when clicked, on every page.",
    screenshotUrl: null,
    status: "rejected",
    daysAgo: 12,
    proposal: {
      summary: "Wire the header's Export Data button to download the leads CSV export (/api/leads/export.csv).",
      codeDiff: [
        "--- a/client/src/app/header.tsx",
        "+++ b/client/src/app/header.tsx",
        "@@ -40,3 +40,3 @@ export function Header() {",
        "-      <Button variant=\"outline\">{t(\"header.exportData\")}</Button>",
        "+      <Button variant=\"outline\" asChild><a href=\"/api/leads/export.csv\">{t(\"header.exportData\")}</a></Button>",
      ].join("\n"),
    },
    review: { notes: "Export Data should offer a choice of exports, not leads only: product decides first.", daysAfter: 1 },
  },
];

/**
 * Technical issues in every state (approved with notes, awaiting review with a diff, rejected, failed), written
 * straight to the table: no proposal job runs for them. Reporters are demo leads where there are some. Safe to run again.
 */
export async function seedDemoIssues(db: Database, now = new Date()): Promise<{ issuesAdded: number }> {
  const existing = await db
    .select({ description: technicalIssues.description })
    .from(technicalIssues)
    .where(inArray(technicalIssues.description, ISSUES.map((i) => i.description)));
  const present = new Set(existing.map((e) => e.description));
  const missing = ISSUES.filter((i) => !present.has(i.description));
  if (missing.length === 0) return { issuesAdded: 0 };

  const reporters = (await db.select({ id: leads.id, email: leads.email }).from(leads).orderBy(asc(leads.id)).limit(ISSUES.length));
  const rows = missing.map((issue) => {
    const index = ISSUES.indexOf(issue);
    const reporter = reporters[index];
    const createdAt = new Date(now.getTime() - issue.daysAgo * DAY);
    const proposedAt = new Date(createdAt.getTime() + 90_000);
    const reviewedAt = issue.review ? new Date(createdAt.getTime() + issue.review.daysAfter * DAY) : null;
    const aiRepairLog: AiRepairLog | null = issue.proposal
      ? { summary: issue.proposal.summary, codeDiff: issue.proposal.codeDiff, timestamp: proposedAt.toISOString(), source: demoSource, references: issue.proposal.references ?? [] }
      : null;
    return {
      leadId: reporter?.id ?? null,
      email: reporter?.email ?? "support@leadwell.example",
      description: issue.description,
      screenshotUrl: issue.screenshotUrl,
      status: issue.status,
      aiRepairLog,
      repairFailure: issue.failure ? { ...issue.failure, failedAt: new Date(createdAt.getTime() + 5 * 60_000).toISOString() } : null,
      approvalRequested: aiRepairLog !== null,
      approvalTimestamp: issue.status === "approved" ? reviewedAt : null,
      manualNotes: issue.review?.notes ?? null,
      reviewedBy: issue.review ? "demo.reviewer@leadwell.example" : null,
      reviewedAt,
      createdAt,
      updatedAt: reviewedAt ?? (issue.failure ? new Date(createdAt.getTime() + 5 * 60_000) : proposedAt),
    };
  });
  const inserted = await db.insert(technicalIssues).values(rows).returning({ id: technicalIssues.id });
  return { issuesAdded: inserted.length };
}
