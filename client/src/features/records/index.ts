// features/records's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { AnalyticsCard, CountsByBadges, Figure, StatCard, TrendBadge, counts, num, type Analytics } from "./monitoring-parts";
export { type ReportSection } from "./page-report";
export { countRecorded, dashboardSection, definePage, explainOver, familySection, querySection, specialSection, type AnalyticsItem, type AnalyticsOf, type ColumnDeclaration, type Explanation, type FieldOf, type StatDeclaration } from "./page/declaration";
export { DeclaredPage, ExplanationLine } from "./page/declared-page";
export { formatFigure, offersViewAll, toneClass } from "./page/figures";
export { FigureRows, type FigureRow } from "./page/figure-rows";
export { Flags, type Flag } from "./page/flags";
export { MarkdownRecordList } from "./page/markdown-record-list";
export { ViewAllButton } from "./page/full-list-dialog";
export { listColumns } from "./page/list-columns";
export { TitledCard } from "./page/titled-card";
export { UpcomingCard } from "./page/upcoming-card";
export { RecordFormDialog } from "./record-form-dialog";
export { formatDay, formatGigabytes, formatNumber, todayUtc, valueLabel } from "./record-labels";
export { AddRecordButton, RecordListCard, useRecordWrite } from "./record-list-card";
export { RECORDS_KEY, useFamilyList, useSaveRecord, type FamilyList } from "./record-queries";
export { ReportButton } from "./report-button";
export { futureTone, statusTone, stewardshipTone, threeStepTone, type BadgeTone } from "./score-tones";
