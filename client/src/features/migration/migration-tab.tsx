import { useId, useState, type FormEvent } from "react";
import { Download, FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { leadFields } from "@contract/leads";
import { duplicatePolicies, migrationTargets, type DuplicatePolicy, type Migration, type MigrationTarget } from "@contract/migration";
import { DataTableState } from "@/components/data-table-state";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { DuplicateReasons, LeadLink } from "@/features/leads";
import { migrationErrorReportUrl, uploadMigrationFile, useMigration, useMigrations, usePreviewMigration, useStartMigration } from "./migration-queries";
import { hasReport, lineMessage, MigrationReportButton } from "./migration-report-dialog";
import { useCan } from "@/lib/authorization";
import { useCurrentUser } from "@/lib/session";

/** Spec: the CSV import (stated format name, email, company, phone, industry, revenue), its result line and the status list. */
export function MigrationTab() {
  return (
    <div className="grid gap-4">
      <ImportCard />
      <MigrationStatusCard />
    </div>
  );
}

type Step = { kind: "choose" } | { kind: "uploading"; percent: number } | { kind: "mapping"; migration: Migration } | { kind: "importing"; id: number };

function ImportCard() {
  const { t } = useTranslation();
  const mayRun = useCan("migration.run");
  const [step, setStep] = useState<Step>({ kind: "choose" });
  return (
    <Card className="min-w-0" data-testid="migration-import-card">
      <CardHeader>
        <CardTitle>{t("migration.import.title")}</CardTitle>
        <CardDescription>{t("migration.import.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === "choose" || step.kind === "uploading" ? (
          <FilePicker
            mayRun={mayRun !== false}
            uploadPercent={step.kind === "uploading" ? step.percent : null}
            onProgress={(percent) => setStep({ kind: "uploading", percent })}
            onUploaded={(migration) => setStep({ kind: "mapping", migration })}
            onFailed={() => setStep({ kind: "choose" })}
          />
        ) : step.kind === "mapping" ? (
          <MappingForm migration={step.migration} onStarted={(id) => setStep({ kind: "importing", id })} onCancel={() => setStep({ kind: "choose" })} />
        ) : (
          <ImportProgress id={step.id} onAnother={() => setStep({ kind: "choose" })} />
        )}
      </CardContent>
    </Card>
  );
}

function FilePicker(props: { mayRun: boolean; uploadPercent: number | null; onProgress: (percent: number) => void; onUploaded: (migration: Migration) => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const user = useCurrentUser().data;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = props.uploadPercent !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t("errors.migration.file_required"));
    if (!/\.csv$/i.test(file.name)) return setProblem(t("errors.migration.not_csv"));
    setProblem(null);
    props.onProgress(0);
    try {
      props.onUploaded(await uploadMigrationFile(file, user?.email ?? "", props.onProgress));
    } catch (error) {
      setProblem(t("migration.result.failed", { reason: apiErrorMessage(error, t("common.networkError")) }));
      props.onFailed();
    }
  };

  return (
    <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{t("migration.import.file")}</Label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          data-testid="migration-file-input"
          aria-describedby={`${inputId}-hint`}
          disabled={uploading || !props.mayRun}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {t("migration.import.hint")}
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive" data-testid="migration-file-problem">
          {problem}
        </p>
      ) : null}
      {uploading ? (
        <div className="grid gap-1" data-testid="migration-upload-progress">
          <Progress value={props.uploadPercent ?? 0} aria-label={t("migration.import.uploading")} />
          <span className="text-xs text-muted-foreground">{t("migration.import.uploadPercent", { percent: props.uploadPercent })}</span>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={uploading || !props.mayRun} data-testid="migration-upload">
          <FileUp aria-hidden="true" />
          {t("migration.import.upload")}
        </Button>
        {!props.mayRun ? <span className="text-xs text-muted-foreground">{t("migration.import.notAllowed")}</span> : null}
      </div>
    </form>
  );
}

const NOT_IMPORTED = "none";

/**
 * A target's label: the format's own columns (name, revenue) by theirs, a lead field by the label it declares for the
 * import (contract/lead-fields.ts); a lead field without one shows under its API name.
 */
function useTargetLabel() {
  const { t } = useTranslation();
  return (target: MigrationTarget) => {
    if (target === "name" || target === "revenue") return t(`migration.targets.${target}`);
    const field = leadFields[target];
    return "importLabel" in field ? t(field.importLabel) : target;
  };
}

function MappingForm({ migration, onStarted, onCancel }: { migration: Migration; onStarted: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const targetLabel = useTargetLabel();
  const [mapping, setMapping] = useState(migration.mapping);
  const [duplicates, setDuplicates] = useState<DuplicatePolicy>("skip");
  const start = useStartMigration();
  const duplicatesId = useId();

  return (
    <div className="grid gap-4" data-testid="migration-mapping">
      <p className="text-sm">{t("migration.mapping.intro", { file: migration.sourceFile, rows: migration.recordsTotal })}</p>
      {migration.expiresAt ? (
        <p className="text-xs text-muted-foreground" data-testid="migration-expires">
          {t("migration.mapping.expires", { time: dateTime(migration.expiresAt) })}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label={t("migration.mapping.title")} className="table-fixed">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-1/2">{t("migration.mapping.column")}</TableHead>
              <TableHead className="w-1/2">{t("migration.mapping.target")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {migration.columns.map((column, index) => (
              <TableRow key={`${index}-${column}`}>
                <TableCell className="truncate font-medium" title={column}>
                  {column || t("migration.mapping.unnamed", { number: index + 1 })}
                </TableCell>
                <TableCell>
                  <Select
                    value={mapping[index] ?? NOT_IMPORTED}
                    onValueChange={(value) => setMapping((current) => current.map((target, i) => (i === index ? (value === NOT_IMPORTED ? null : (value as MigrationTarget)) : target)))}
                  >
                    <SelectTrigger className="h-8" aria-label={t("migration.mapping.targetOf", { column })} data-testid="migration-mapping-select">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NOT_IMPORTED}>{t("migration.mapping.none")}</SelectItem>
                      {migrationTargets.map((target) => (
                        <SelectItem key={target} value={target}>
                          {targetLabel(target)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor={duplicatesId}>{t("migration.mapping.duplicates")}</Label>
        <Select value={duplicates} onValueChange={(value) => setDuplicates(value as DuplicatePolicy)}>
          <SelectTrigger id={duplicatesId} data-testid="migration-duplicates">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {duplicatePolicies.map((policy) => (
              <SelectItem key={policy} value={policy}>
                {t(`migration.duplicates.${policy}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <MappingPreview id={migration.id} mapping={mapping} />
      {start.isError ? (
        <Alert variant="destructive" data-testid="migration-start-error">
          {apiErrorMessage(start.error, t("common.networkError"))}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          data-testid="migration-start"
          disabled={start.isPending}
          onClick={() => start.mutate({ id: migration.id, body: { mapping, duplicates } }, { onSuccess: (started) => onStarted(started.id) })}
        >
          {t("migration.mapping.start")}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={start.isPending}>
          {t("migration.mapping.cancel")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The file's first rows through the mapping as it stands (read when asked, again after the mapping changes), each
 * with the rows' problems and the existing leads it likely duplicates, linked to their pages: the import still
 * writes them (a likely duplicate is a hint; only the same email is skipped or updated, by the chosen policy).
 */
function MappingPreview({ id, mapping }: { id: number; mapping: (MigrationTarget | null)[] }) {
  const { t } = useTranslation();
  const preview = usePreviewMigration();
  const shown = preview.data && preview.variables?.body.mapping === mapping ? preview.data : null;
  return (
    <div className="grid gap-2" data-testid="migration-preview">
      <div>
        <Button variant="outline" size="sm" disabled={preview.isPending} onClick={() => preview.mutate({ id, body: { mapping } })} data-testid="migration-preview-button">
          {t("migration.mapping.preview")}
        </Button>
      </div>
      {preview.isError ? (
        <Alert variant="destructive">{t("migration.mapping.previewError", { message: apiErrorMessage(preview.error, t("common.networkError")) })}</Alert>
      ) : null}
      {shown ? (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label={t("migration.mapping.previewTitle")} className="table-fixed min-w-[560px]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-16">{t("migration.mapping.previewRow")}</TableHead>
                <TableHead>{t("migration.mapping.previewBusiness")}</TableHead>
                <TableHead>{t("migration.mapping.previewEmail")}</TableHead>
                <TableHead>{t("migration.mapping.previewDuplicates")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.rows.map((row) => (
                <TableRow key={row.rowNumber} data-testid="migration-preview-row">
                  <TableCell className="align-top tabular-nums">{row.rowNumber}</TableCell>
                  <TableCell className="truncate align-top" title={row.values.businessName}>
                    {row.values.businessName ?? ""}
                  </TableCell>
                  <TableCell className="truncate align-top" title={row.values.email}>
                    {row.values.email ?? ""}
                    {row.problems.length > 0 ? (
                      <span className="block text-xs text-destructive">
                        {t("migration.mapping.previewProblems", { problems: row.problems.map((problem) => lineMessage(t, problem)).join("; ") })}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="align-top">
                    {row.duplicates.length === 0 ? (
                      <span className="text-xs text-muted-foreground">{t("migration.mapping.previewNone")}</span>
                    ) : (
                      <ul className="grid gap-1" data-testid="migration-preview-duplicates">
                        {row.duplicates.map((match) => (
                          <li key={match.lead.id} className="text-sm">
                            <LeadLink id={match.lead.id} name={match.lead.businessName} />
                            <DuplicateReasons reasons={match.reasons} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </div>
  );
}

/** The spec's result line, from a finished migration; null while it runs. */
function useResultLine() {
  const { t } = useTranslation();
  return (migration: Migration) =>
    migration.status === "completed"
      ? t("migration.result.completed", { imported: migration.imported, errors: migration.errors })
      : migration.status === "failed"
        ? t("migration.result.failed", { reason: migration.failureReason ?? "" })
        : null;
}

function ImportProgress({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const migration = useMigration(id);
  const resultLine = useResultLine();
  if (migration.isPending) return <p className="text-sm text-muted-foreground">{t("migration.progress.loading")}</p>;
  if (migration.isError) {
    return (
      <Alert variant="destructive" data-testid="migration-progress-error">
        {t("migration.progress.error", { message: apiErrorMessage(migration.error, t("common.networkError")) })}
      </Alert>
    );
  }
  const current = migration.data;
  const result = resultLine(current);
  return (
    <div className="grid gap-3" data-testid="migration-progress">
      <Progress value={current.recordsProcessed} max={Math.max(current.recordsTotal, 1)} aria-label={t("migration.progress.label")} />
      <p className="text-sm" aria-live="polite" data-testid="migration-rows-processed">
        {t("migration.progress.rows", { processed: number(current.recordsProcessed), total: number(current.recordsTotal) })}
      </p>
      {result ? (
        <Alert variant={current.status === "failed" ? "destructive" : "default"} role="status" data-testid="migration-result">
          {result}
          {current.likelyDuplicates > 0 ? (
            <span className="block" data-testid="migration-likely-duplicates">
              {t("migration.result.likelyDuplicates", { count: current.likelyDuplicates, formatted: number(current.likelyDuplicates) })}
            </span>
          ) : null}
        </Alert>
      ) : null}
      {current.status !== "in_progress" ? (
        <div className="flex flex-wrap items-center gap-3">
          {hasReport(current) ? <MigrationReportButton migration={current} /> : null}
          {current.errors > 0 ? <ErrorReportLink id={current.id} /> : null}
          <Button variant="outline" onClick={onAnother} data-testid="migration-another">
            {t("migration.progress.another")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ErrorReportLink({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={compact ? "ghost" : "outline"} size={compact ? "sm" : "default"}>
      <a href={migrationErrorReportUrl(id)} download data-testid="migration-error-report">
        <Download aria-hidden="true" />
        {compact ? t("migration.status.report") : t("migration.progress.errorReport")}
      </a>
    </Button>
  );
}

const statusVariant = (status: Migration["status"]) => (status === "completed" ? "success" : status === "failed" || status === "expired" ? "destructive" : "secondary");

/** Spec: migration status is also listed. */
function MigrationStatusCard() {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const migrations = useMigrations();
  const rows = migrations.data ?? [];
  return (
    <Card className="min-w-0" data-testid="migration-status-card">
      <CardHeader>
        <CardTitle>{t("migration.status.title")}</CardTitle>
        <CardDescription>{t("migration.status.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={migrations}
        rowCount={rows.length}
        testId="migrations"
        loadingText={t("migration.status.loading")}
        errorText={(message) => t("migration.status.error", { message })}
        empty={t("migration.status.empty")}
        table={{
          label: t("migration.status.title"),
          className: "table-fixed min-w-[640px]",
          columns: 5,
          head: (
            <>
              <TableHead>{t("migration.status.columns.file")}</TableHead>
              <TableHead className="w-32">{t("migration.status.columns.status")}</TableHead>
              <TableHead className="w-28 text-right">{t("migration.status.columns.imported")}</TableHead>
              <TableHead className="w-24 text-right">{t("migration.status.columns.errors")}</TableHead>
              <TableHead className="w-32">{t("migration.status.columns.report")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((migration) => (
          <TableRow key={migration.id} data-testid="migration-row">
            <TableCell className="align-top">
              <div className="truncate font-medium" title={migration.sourceFile}>
                {migration.sourceFile}
              </div>
              <div className="truncate text-xs text-muted-foreground" title={migration.createdBy}>
                {t("migration.status.by", { who: migration.createdBy, when: dateTime(migration.createdAt) })}
              </div>
            </TableCell>
            <TableCell className="align-top">
              <Badge variant={statusVariant(migration.status)}>{t(`migration.statuses.${migration.status}`)}</Badge>
              {migration.status === "awaiting_mapping" && migration.expiresAt ? (
                <span className="mt-1 block text-xs text-muted-foreground">{t("migration.status.expiresAt", { time: dateTime(migration.expiresAt) })}</span>
              ) : migration.status === "expired" ? (
                <span className="mt-1 block text-xs text-muted-foreground">{t("migration.status.expired")}</span>
              ) : null}
            </TableCell>
            <TableCell className="text-right align-top tabular-nums">
              {number(migration.imported)}
              {migration.status === "in_progress" ? <span className="block text-xs text-muted-foreground">{t("migration.status.ofTotal", { total: number(migration.recordsTotal) })}</span> : null}
            </TableCell>
            <TableCell className="text-right align-top tabular-nums">{number(migration.errors)}</TableCell>
            <TableCell className="align-top">
              {hasReport(migration) ? (
                <div className="flex flex-col items-start">
                  <MigrationReportButton migration={migration} compact />
                  {migration.errors > 0 ? <ErrorReportLink id={migration.id} compact /> : null}
                </div>
              ) : (
                <span className="text-xs text-muted-foreground">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}
