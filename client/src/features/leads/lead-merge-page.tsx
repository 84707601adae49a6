import { useId, useState } from "react";
import { ArrowLeftRight, GitMerge, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { leadDuplicateEndpoints, mergeShownLeadFields, type MergeChoice } from "@contract/lead-duplicates";
import { leadFields, type Lead } from "@contract/leads";
import type { LeadFieldName } from "@contract/lead-fields";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { RefusedButton } from "@/components/refused-button";
import { RetryAlert } from "@/components/retry-alert";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiErrorStatus, apiFieldErrors } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { useValidationMessage } from "@/lib/validation-message";
import { FieldValue } from "./lead-field-group";
import { mergedIntoOf, useMergeLeads } from "./lead-duplicate-queries";
import { leadMergePath } from "./lead-merge-path";
import { leadPagePath } from "./lead-page-path";
import { useLead } from "./lead-queries";

/** An id the API could hold (a positive whole number); anything else is no lead. */
function leadIdOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Tags are not chosen: the merge always keeps the union of both leads' tags. */
const CHOSEN_FIELDS = mergeShownLeadFields.filter((field): field is LeadFieldName => field !== "tags" && field in leadFields);

/** Nothing, however stored (null, "", an empty list or object), is one value. */
function comparable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value) && value.length === 0) return "";
  if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) return "";
  return JSON.stringify(value);
}

/** The fields the two leads hold differently, in the lead page's order. */
export function differingFields(kept: Lead, other: Lead): LeadFieldName[] {
  return CHOSEN_FIELDS.filter((field) => comparable(kept[field]) !== comparable(other[field]));
}

/**
 * Compare and merge (/leads/:id/merge/:otherId, issue 26.4): the two leads side by side, a choice per field they hold
 * differently (the kept lead's value unless changed), what moves to the kept lead, then the merge after a confirmation,
 * and the kept lead's page. The first id is kept; "Keep the other lead instead" swaps them.
 */
export default function LeadMergePage() {
  const { t } = useTranslation();
  const params = useParams<{ id: string; otherId: string }>();
  const keptId = leadIdOf(params.id);
  const otherId = leadIdOf(params.otherId);
  if (keptId === null || otherId === null) return <MergeNotFound />;
  if (keptId === otherId) {
    return <EmptyState icon={SearchX} title={t("leads.merge.sameLead")} action={<BackToLeads />} data-testid="lead-merge-same" />;
  }
  return <LeadMerge key={`${keptId}-${otherId}`} keptId={keptId} otherId={otherId} />;
}

function BackToLeads() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm">
      <Link href="/leads">{t("leadPage.backToLeads")}</Link>
    </Button>
  );
}

function MergeNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t("leads.merge.notFoundTitle")}
      description={t("leads.merge.notFoundDescription")}
      action={<BackToLeads />}
      data-testid="lead-merge-not-found"
    />
  );
}

function LeadMerge({ keptId, otherId }: { keptId: number; otherId: number }) {
  const { t } = useTranslation();
  const kept = useLead(keptId);
  const other = useLead(otherId);

  if (kept.isPending || other.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label={t("leads.merge.loading")}>
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  const failed = kept.isError ? kept.error : other.isError ? other.error : null;
  if (failed) {
    const status = apiErrorStatus(failed);
    if (status === 404 || mergedIntoOf(failed) !== null) return <MergeNotFound />;
    return (
      <RetryAlert
        message={t("leads.merge.loadFailed", { message: apiErrorMessage(failed) })}
        onRetry={() => void Promise.all([kept.refetch(), other.refetch()])}
        data-testid="lead-merge-error"
      />
    );
  }
  return <LeadMergeForm kept={kept.data!} other={other.data!} />;
}

function LeadMergeForm({ kept, other }: { kept: Lead; other: Lead }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const [, navigate] = useLocation();
  const mayMerge = useMayCall(leadDuplicateEndpoints.merge);
  const merge = useMergeLeads();
  const fields = differingFields(kept, other);
  const [choices, setChoices] = useState<Partial<Record<LeadFieldName, MergeChoice>>>({});
  const [confirming, setConfirming] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const sameCount = CHOSEN_FIELDS.length - fields.length;
  const names = { kept: kept.businessName, other: other.businessName };
  const tableLabelId = useId();

  const onConfirm = () => {
    const chosen = Object.fromEntries(Object.entries(choices).filter(([, choice]) => choice === "other"));
    setFieldErrors({});
    // The promise, not mutate's callbacks: those are dropped if the page re-renders into another state meanwhile.
    merge.mutateAsync({ keptId: kept.id, otherId: other.id, fields: chosen }).then(
      (reply) => {
        toast({ title: t("leads.merge.successTitle"), description: t("leads.merge.success", names) });
        // The merge page of a merged-away lead is no place to come back to.
        navigate(leadPagePath(reply.lead.id), { replace: true });
      },
      (error: unknown) => {
        setConfirming(false);
        // A 400 names each refused field (fields.<name>): said beside its row and in the alert above the button.
        setFieldErrors(apiFieldErrors(error));
        toast({ variant: "destructive", title: t("leads.merge.failed"), description: message(apiErrorMessage(error, t("leads.merge.failed"))) });
      },
    );
  };

  const fieldErrorOf = (field: string) => fieldErrors[`fields.${field}`] ?? fieldErrors[field];
  const otherErrors = Object.entries(fieldErrors).filter(([path]) => !fields.some((field) => path === `fields.${field}` || path === field));

  return (
    <div className="grid gap-4" data-testid="lead-merge">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid min-w-0 gap-1">
            <CardTitle className="text-base">
              {names.kept} ← {names.other}
            </CardTitle>
            <CardDescription data-testid="lead-merge-description">{t("leads.merge.description", names)}</CardDescription>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link href={leadMergePath(other.id, kept.id)} replace data-testid="lead-merge-swap">
              <ArrowLeftRight aria-hidden="true" />
              {t("leads.merge.swap")}
            </Link>
          </Button>
        </CardHeader>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle id={tableLabelId} className="text-base">
            {t("leads.merge.fieldsTitle")}
          </CardTitle>
          <CardDescription>{fields.length > 0 ? t("leads.merge.fieldsDescription") : t("leads.merge.noDifferences")}</CardDescription>
        </CardHeader>
        {fields.length > 0 ? (
          <div className="border-t">
            <Table aria-labelledby={tableLabelId} className="table-fixed">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-44">{t("leads.merge.fieldColumn")}</TableHead>
                  <TableHead>
                    {t("leads.merge.keptHeading")}: <LeadNameLink lead={kept} />
                  </TableHead>
                  <TableHead>
                    {t("leads.merge.otherHeading")}: <LeadNameLink lead={other} />
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {fields.map((field) => (
                  <FieldChoiceRow
                    key={field}
                    field={field}
                    kept={kept}
                    other={other}
                    choice={choices[field] ?? "this"}
                    onChoose={(choice) => setChoices((current) => ({ ...current, [field]: choice }))}
                    error={fieldErrorOf(field)}
                  />
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
        <CardContent className="grid gap-1 pt-4 text-sm text-muted-foreground">
          {sameCount > 0 ? <p>{t("leads.merge.sameCount", { count: sameCount })}</p> : null}
          <p>{t("leads.merge.tagsUnion")}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("leads.merge.movesTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm" data-testid="lead-merge-moves">
            {(["records", "kpi", "referrals", "gone", "audit"] as const).map((key) => (
              <li key={key}>{t(`leads.merge.moves.${key}`)}</li>
            ))}
          </ul>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3">
          {otherErrors.length > 0 ? (
            <Alert variant="destructive" data-testid="lead-merge-errors">
              <ul className="grid gap-1">
                {otherErrors.map(([path, text]) => (
                  <li key={path}>
                    {path}: {message(text)}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link href={leadPagePath(kept.id)}>{t("common.cancel")}</Link>
            </Button>
            {mayMerge === false ? (
              <RefusedButton reason={t("leads.merge.refused")} size="default" data-testid="lead-merge-submit">
                <GitMerge aria-hidden="true" />
                {t("leads.merge.submit", { name: names.kept })}
              </RefusedButton>
            ) : (
              <Button onClick={() => setConfirming(true)} disabled={mayMerge === undefined || merge.isPending} data-testid="lead-merge-submit">
                <GitMerge aria-hidden="true" />
                {merge.isPending ? t("leads.merge.submitting") : t("leads.merge.submit", { name: names.kept })}
              </Button>
            )}
          </div>
        </CardFooter>
      </Card>

      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("leads.merge.confirmTitle", names)}
        description={t("leads.merge.confirmDescription", names)}
        submitLabel={t("leads.merge.confirm")}
        submittingLabel={t("leads.merge.submitting")}
        pending={merge.isPending}
        onConfirm={onConfirm}
        data-testid="lead-merge-confirm"
      />
    </div>
  );
}

function LeadNameLink({ lead }: { lead: Lead }) {
  return (
    <Link href={leadPagePath(lead.id)} className="font-medium text-foreground underline-offset-4 hover:underline" title={lead.businessName}>
      {lead.businessName}
    </Link>
  );
}

type FieldChoiceRowProps = {
  field: LeadFieldName;
  kept: Lead;
  other: Lead;
  choice: MergeChoice;
  onChoose: (choice: MergeChoice) => void;
  error: string | undefined;
};

/** One field the leads hold differently: its name, then each lead's value as a radio; the chosen one is kept. */
function FieldChoiceRow({ field, kept, other, choice, onChoose, error }: FieldChoiceRowProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const declaration = leadFields[field];
  const label = "label" in declaration ? t(declaration.label) : field;
  const name = useId();
  const errorId = `${name}-error`;
  const option = (which: MergeChoice, lead: Lead) => (
    <TableCell className="align-top">
      <label className="flex min-w-0 cursor-pointer items-start gap-2 text-sm">
        <input
          type="radio"
          name={name}
          value={which}
          checked={choice === which}
          onChange={() => onChoose(which)}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby={error ? errorId : undefined}
          data-testid={`lead-merge-choice-${which}`}
        />
        <span className="min-w-0 break-words">
          <span className="sr-only">{t(which === "this" ? "leads.merge.keepKept" : "leads.merge.keepOther", { field: label })}: </span>
          <FieldValue name={field} value={lead[field]} />
        </span>
      </label>
    </TableCell>
  );
  return (
    <TableRow data-testid={`lead-merge-field-${field}`} data-choice={choice}>
      <TableCell className="align-top text-sm font-medium">
        <span className="break-words">{label}</span>
        {error ? (
          <span id={errorId} className="mt-1 block text-xs font-normal text-destructive" role="alert">
            {message(error)}
          </span>
        ) : null}
      </TableCell>
      {option("this", kept)}
      {option("other", other)}
    </TableRow>
  );
}
