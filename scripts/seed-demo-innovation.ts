// Demo records for the Innovation & Legacy page (part of `npm run seed:demo`, through seed-demo-records.ts). Dates are
// relative to the run and spread over two years, so "moved in the last 90 days", overdue audits and the next 30 days'
// deadlines all mean something.
import type { FamilyTable } from "../server/src/db/record-table";
import { complianceAudits, innovationExperiments, knowledgeArticles, legacyIntegrations, techRadarItems } from "../server/src/db/schema";

const DAY = 86_400_000;

export function demoInnovation(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

  const technologies = [
    ["PostgreSQL full-text search", "platforms", "adopt", -700, "Replaced the external search service", "Marco Ruiz"],
    ["TypeScript strict mode", "languages_frameworks", "adopt", -620, "Every package compiles with strict on", "Marco Ruiz"],
    ["Trunk-based development", "techniques", "adopt", -540, "Short-lived branches, merged daily", "Lena Fischer"],
    ["Playwright browser tests", "tools", "adopt", -430, "The critical flows run on every change", "Sofía Martín"],
    ["React Server Components", "languages_frameworks", "assess", -300, "Waiting for the router we use to support them", "Marco Ruiz"],
    ["Feature flags", "techniques", "trial", -240, "Two experiments run behind flags", "Ada Admin"],
    ["OpenTelemetry traces", "tools", "trial", -180, "Traces for the API and the job queue", "Marco Ruiz"],
    ["Managed Kubernetes", "platforms", "hold", -150, "Too much operations for a team our size", "Lena Fischer"],
    ["Property-based tests", "techniques", "trial", -95, "Found two date bugs in the first week", "Sofía Martín"],
    ["LLM-assisted issue triage", "tools", "assess", -60, "Drafts repair proposals for approved issues", "Ada Admin"],
    ["Edge functions", "platforms", "assess", -40, "Could serve the public referral pages", "Marco Ruiz"],
    ["Tailwind CSS", "languages_frameworks", "adopt", -25, "All new screens", "Sofía Martín"],
    ["Micro-frontends", "techniques", "hold", -12, "The app is one team's; no need to split it", "Lena Fischer"],
    ["Passkeys", "tools", "trial", -4, "Sign-in without passwords for staff", "Ada Admin"],
  ].map(([name, quadrant, status, moved, description, owner]) => ({ name, quadrant, status, movedInDate: day(moved as number), description, owner }));

  const experiments = [
    ["Referral reminder email", "A reminder after 7 days doubles referral sign-ups", "referral sign-ups per week", "completed", -420, -360, "validated", "Sign-ups rose from 11 to 24 a week."],
    ["Shorter lead form", "Dropping the company size field raises completions", "form completion rate", "completed", -300, -250, "validated", "Completion went from 41% to 53%."],
    ["Dark mode by default", "Staff prefer dark mode for long sessions", "opt-out within a week", "completed", -200, -170, "invalidated", "62% switched back to light."],
    ["Weekly pipeline digest", "A Monday digest cuts overdue tasks", "overdue tasks per person", "completed", -120, -60, "inconclusive", "Fewer overdue tasks, but a holiday month skews it."],
    ["AI repair proposals", "Citing past fixes halves time to repair", "median hours to a fix", "in_progress", -30, 20, null, null],
    ["Passkey sign-in", "Passkeys reduce password resets", "password resets per month", "planning", 10, 70, null, null],
  ].map(([title, hypothesis, metric, status, start, end, outcome, result]) => ({
    title,
    hypothesis,
    metric,
    status,
    startDate: day(start as number),
    endDate: day(end as number),
    outcome,
    result,
  }));

  const articles = [
    {
      title: "Webhook deliveries failing with 401",
      body: "## Symptom\n\nPartners report missing events; the delivery log shows **401 Unauthorized**.\n\n## Fix\n\n1. Open *Settings → Webhooks* and rotate the signing secret.\n2. Send the new secret to the partner.\n3. Replay the failed deliveries.",
      tags: ["webhooks", "integrations"],
      version: "1.2",
      author: "Marco Ruiz",
    },
    {
      title: "CSV import stops at the first bad row",
      body: "Rows with an invalid email are **skipped**, not fatal. If an import stops, check the file's encoding: it must be UTF-8.\n\n- Save from the spreadsheet as *CSV UTF-8*\n- Re-run the import",
      tags: ["import", "data"],
      version: "1.0",
      author: "Sofía Martín",
    },
    {
      title: "Restoring a deleted lead",
      body: "Deleted leads stay in the audit trail. Use the audit entry's details to re-create the lead; tasks must be re-assigned by hand.",
      tags: ["leads", "support"],
      version: "1.1",
      author: "Lena Fischer",
    },
    {
      title: "Single sign-on login loops",
      body: "## Cause\n\nThe identity provider's clock is more than five minutes off.\n\n## Fix\n\nAsk the customer's IT to enable NTP; no change is needed on our side.",
      tags: ["sso", "security"],
      version: "1.0",
      author: "Ada Admin",
    },
  ];

  const audits = [
    ["GDPR records of processing", "gdpr", -400, "passed", 0, "All processors listed with contracts."],
    ["SOC 2 Type I", "soc2", -330, "passed", 0, "No exceptions."],
    ["ISO 27001 gap analysis", "iso27001", -210, "failed", 3, "Asset register and supplier reviews missing."],
    ["Access review Q3", "internal", -20, "in_progress", 2, "Two leavers still hold API keys."],
    ["PCI DSS self-assessment", "pci_dss", 12, "planning", 0, null],
    ["SOC 2 Type II", "soc2", 26, "in_progress", 1, "Change management evidence outstanding."],
    ["GDPR annual review", "gdpr", 95, "planning", 0, null],
  ].map(([title, framework, due, status, openFindings, findings]) => ({ title, framework, dueDate: day(due as number), status, openFindings, findings }));

  const integrations = [
    ["FTP lead export", "Old ERP", "deprecated", 18, "Webhooks to the ERP's REST API", "Two customers still pull the nightly file."],
    ["SOAP billing bridge", "Billing", "active", 160, "Billing REST API", null],
    ["Fax-to-lead gateway", "Telecom", "sunset", -90, null, "Switched off after a year without traffic."],
    ["CSV drop folder", "Warehouse", "deprecated", -10, "Scheduled import", "Past its sunset date: one job still writes to it."],
    ["Legacy contact sync", "Mail server", "active", null, null, "No replacement chosen yet."],
  ].map(([name, system, status, sunset, replacement, notes]) => ({
    name,
    system,
    status,
    sunsetDate: sunset === null ? null : day(sunset as number),
    replacement,
    notes,
  }));

  return { technologies, experiments, articles, audits, integrations };
}

/** The page's demo records, each with its table, for seed-demo-records.ts to insert (once per family). */
export function innovationDemoBatches(now: Date): [FamilyTable, Record<string, unknown>[]][] {
  const demo = demoInnovation(now);
  return [
    [techRadarItems, demo.technologies],
    [innovationExperiments, demo.experiments],
    [knowledgeArticles, demo.articles],
    [complianceAudits, demo.audits],
    [legacyIntegrations, demo.integrations],
  ];
}
