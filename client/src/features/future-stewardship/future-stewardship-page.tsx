import { BookOpenCheck, FileSignature, History, LayoutDashboard, Scale, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  ethicalReviewFamily,
  historicalRecordFamily,
  legacyCharterFamily,
  perpetuityDeclarationFamily,
  successionPlaybookFamily,
} from "@contract/records/future-stewardship";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { Badge } from "@/components/ui/badge";
import { countRecorded, explainOver, formatDay, valueLabel } from "@/features/records";
import { AddRecordButton } from "@/features/records";
import { statusTone } from "@/features/records";
import { type ColumnDeclaration, definePage, familySection, specialSection } from "@/features/records";
import { DeclaredPage } from "@/features/records";
import { isPublishedDeclaration, listLength } from "./future-stewardship-format";
import { CurrentCharter, FutureDashboard, HISTORICAL_QUERY, PublishedDeclarations, RecordFlags } from "./future-stewardship-panels";

/*
 * Future Stewardship & Historical Record (spec §2), declared: six tabs, starting on the dashboard; the open tab lives
 * in the URL. Percentages follow the spec's 95/85/75/65 colours (§5); statuses its future-stewardship badges (§4).
 * The header's Create Charter opens the legacy charter family's create form. The latest ethical reviews are capped
 * at 5 with "View all (N)"; the tabs' headline counts and averages say what they are computed over.
 */

const ALL = { limit: 200 } as const;
const loading = {
  charter: "futureStewardship.loading.charter",
  records: "futureStewardship.loading.records",
  playbooks: "futureStewardship.loading.playbooks",
  reviews: "futureStewardship.loading.reviews",
  declarations: "futureStewardship.loading.declarations",
} as const;
const futureBadge = { scheme: "future" } as const;

const charterFigures = familySection(legacyCharterFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.charter,
  analytics: {
    title: "futureStewardship.charter.overview",
    items: [
      { kind: "figure", label: "futureStewardship.charter.completeness", value: (a) => a.charter_completeness, format: "percent", tone: "95/85/75/65", testId: "fs-charter-completeness" },
      { kind: "figure", label: "futureStewardship.charter.coverage", value: (a) => a.stewardship_coverage, format: "percent", tone: "95/85/75/65" },
      { kind: "figure", label: "futureStewardship.charter.ethicalIntegration", value: (a) => a.ethical_integration, format: "percent", tone: "95/85/75/65" },
      { kind: "counts", label: "futureStewardship.charter.byStatus", value: (a) => a.by_status, emptyText: "futureStewardship.none", wide: true },
    ],
  },
});

const charterList = familySection(legacyCharterFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.charter,
  list: {
    title: "futureStewardship.charter.all",
    columns: [{ field: "title" }, { field: "charterVersion" }, { field: "status", badge: futureBadge }, { field: "charterDate" }, { field: "nextReviewDate" }],
    emptyText: "futureStewardship.charter.noCharters",
  },
});

const historicalRecords = familySection(historicalRecordFamily, {
  query: HISTORICAL_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.records,
  analytics: {
    title: "futureStewardship.records.overview",
    items: [
      {
        kind: "figure",
        label: "futureStewardship.records.total",
        value: (a) => a.total_records,
        format: "number",
        testId: "fs-records-total",
        explain: { family: historicalRecordFamily, text: "futureStewardship.explain.records" },
      },
      { kind: "figure", label: "futureStewardship.records.verified", value: (a) => a.verified_records, format: "number", testId: "fs-records-verified" },
      { kind: "figure", label: "futureStewardship.records.integrity", value: (a) => a.integrity_score, format: "percent", tone: "95/85/75/65" },
      { kind: "counts", label: "futureStewardship.records.byType", value: (a) => a.by_event_type, emptyText: "futureStewardship.none", wide: true },
    ],
  },
  list: {
    title: "futureStewardship.records.recent",
    scroll: true,
    columns: [
      { field: "eventTitle" },
      { field: "eventType" },
      { field: "recordDate" },
      { field: "eventDescription" },
      // The flags read the record's hash (not a form field) and its public access.
      { field: "publicAccess", label: "futureStewardship.flags", render: (record) => <RecordFlags record={record} /> },
    ],
    emptyText: "futureStewardship.records.empty",
  },
});

/** A succession playbook's columns; the full list shows the first five. */
const playbookColumns: readonly ColumnDeclaration<keyof typeof successionPlaybookFamily.fields & string>[] = [
  { field: "title" },
  { field: "playbookType" },
  { field: "status", badge: futureBadge },
  { field: "playbookVersion" },
  { field: "playbookDate" },
  { field: "emergencyContacts", label: "futureStewardship.succession.contacts", render: (p) => listLength(p.emergencyContacts) },
  { field: "knowledgeTransferSteps", label: "futureStewardship.succession.steps", render: (p) => listLength(p.knowledgeTransferSteps) },
  { field: "onboardingCheckpoints", label: "futureStewardship.succession.checkpoints", render: (p) => listLength(p.onboardingCheckpoints) },
];
const RETIRED_PLAYBOOK = new Set(["superseded", "archived"]);

const playbookFigures = familySection(successionPlaybookFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.playbooks,
  analytics: {
    title: "futureStewardship.succession.overview",
    items: [
      {
        kind: "figure",
        label: "futureStewardship.succession.preparedness",
        value: (a) => a.succession_preparedness,
        format: "percent",
        tone: "95/85/75/65",
        testId: "fs-preparedness",
        explain: explainOver(successionPlaybookFamily, {
          text: "futureStewardship.explain.preparedness",
          count: (rows) => rows.filter((playbook) => !RETIRED_PLAYBOOK.has(playbook.status)).length,
        }),
      },
      { kind: "figure", label: "futureStewardship.succession.emergency", value: (a) => a.emergency_readiness, format: "percent", tone: "95/85/75/65" },
      { kind: "figure", label: "futureStewardship.succession.knowledge", value: (a) => a.knowledge_transfer_completeness, format: "percent", tone: "95/85/75/65" },
      { kind: "counts", label: "futureStewardship.succession.byType", value: (a) => a.by_type, emptyText: "futureStewardship.none", wide: true },
    ],
  },
});

const activePlaybooks = familySection(successionPlaybookFamily, {
  query: { status: "active", limit: 200 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.playbooks,
  list: { title: "futureStewardship.succession.active", columns: playbookColumns, emptyText: "futureStewardship.succession.empty" },
});

const allPlaybooks = familySection(successionPlaybookFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.playbooks,
  list: { title: "futureStewardship.succession.all", columns: playbookColumns.slice(0, 5), emptyText: "futureStewardship.succession.noPlaybooks" },
});

const ethicalReviews = familySection(ethicalReviewFamily, {
  query: { limit: 5 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.reviews,
  analytics: {
    title: "futureStewardship.ethics.overview",
    items: [
      {
        kind: "figure",
        label: "futureStewardship.ethics.averageScore",
        value: (a) => a.average_ethical_score,
        format: "percent",
        tone: "95/85/75/65",
        testId: "fs-ethics-average",
        explain: explainOver(ethicalReviewFamily, {
          text: "futureStewardship.explain.ethics",
          count: countRecorded(ethicalReviewFamily, "ethicalScore"),
        }),
      },
      { kind: "figure", label: "futureStewardship.ethics.engagement", value: (a) => a.stakeholder_engagement, format: "percent", tone: "95/85/75/65" },
      { kind: "figure", label: "futureStewardship.ethics.certifications", value: (a) => a.certification_status, format: "number" },
      { kind: "counts", label: "futureStewardship.ethics.byYear", value: (a) => a.by_year, emptyText: "futureStewardship.none", wide: true },
    ],
  },
  list: {
    title: "futureStewardship.ethics.recent",
    cap: 5,
    columns: [
      {
        field: "reviewYear",
        label: "futureStewardship.ethics.yearType",
        render: (r, t) => (
          <span className="grid">
            <span className="tabular-nums">{String(r.reviewYear)}</span>
            <span className="text-muted-foreground">{valueLabel(t, String(r.reviewType))}</span>
          </span>
        ),
      },
      {
        field: "status",
        label: "futureStewardship.ethics.statusDate",
        render: (r, t, language) => (
          <span className="grid justify-items-start gap-1">
            <Badge variant={statusTone("future", String(r.status))}>{valueLabel(t, String(r.status))}</Badge>
            <span className="whitespace-nowrap">{formatDay(String(r.reviewDate), language)}</span>
          </span>
        ),
      },
      { field: "reviewScope" },
      { field: "ethicalScore", render: (r) => (r.ethicalScore === null ? "—" : `${String(r.ethicalScore)}/100`) },
      { field: "reviewedBy" },
      {
        field: "publicReport",
        label: "futureStewardship.flags",
        flags: [{ field: "publicReport", label: "futureStewardship.ethics.publicReport", variant: "info" }],
      },
    ],
    emptyText: "futureStewardship.ethics.empty",
  },
});

const declarationFigures = familySection(perpetuityDeclarationFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.declarations,
  analytics: {
    title: "futureStewardship.declarations.overview",
    items: [
      {
        kind: "figure",
        label: "futureStewardship.declarations.total",
        value: (a) => a.total_declarations,
        format: "number",
        testId: "fs-declarations-total",
        explain: { family: perpetuityDeclarationFamily, text: "futureStewardship.explain.declarations" },
      },
      {
        kind: "figure",
        label: "futureStewardship.declarations.reach",
        value: (a) => a.global_reach,
        format: "number",
        explain: explainOver(perpetuityDeclarationFamily, {
          text: "futureStewardship.explain.reach",
          count: (rows) => rows.filter((declaration) => isPublishedDeclaration(declaration.status)).length,
        }),
      },
      { kind: "figure", label: "futureStewardship.declarations.languages", value: (a) => a.language_coverage, format: "number" },
      { kind: "counts", label: "futureStewardship.declarations.byStatus", value: (a) => a.by_status, emptyText: "futureStewardship.none", wide: true },
    ],
  },
});

const allDeclarations = familySection(perpetuityDeclarationFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: loading.declarations,
  list: {
    title: "futureStewardship.declarations.all",
    columns: [{ field: "title" }, { field: "declarationType" }, { field: "status", badge: futureBadge }, { field: "publishedDate" }],
    emptyText: "futureStewardship.declarations.noDeclarations",
  },
});

/** The header's Create Charter: the legacy charter family's create form. */
function CreateCharterButton() {
  const { t } = useTranslation();
  return <AddRecordButton family={legacyCharterFamily} label={t("futureStewardship.createCharter")} />;
}

export const futureStewardshipPage = definePage({
  listLabel: "futureStewardship.tabs.label",
  tabLabelPrefix: "futureStewardship.tabs.",
  Actions: CreateCharterButton,
  dense: true,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [specialSection(FutureDashboard)] },
    { name: "charter", icon: BookOpenCheck, sections: [charterFigures, specialSection(CurrentCharter), charterList] },
    { name: "records", icon: History, sections: [historicalRecords] },
    { name: "succession", icon: Users, sections: [playbookFigures, activePlaybooks, allPlaybooks] },
    { name: "ethics", icon: Scale, sections: [ethicalReviews] },
    { name: "declarations", icon: FileSignature, sections: [declarationFigures, specialSection(PublishedDeclarations), allDeclarations] },
  ],
});

export default function FutureStewardshipPage() {
  return <DeclaredPage page={futureStewardshipPage} />;
}
