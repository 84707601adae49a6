import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { leadAccessEndpoints, leadAccessValues, type LeadAccessValue } from "@contract/lead-access";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { useFormatters } from "@/lib/use-formatters";
import { useLeadAccess, useUpdateLeadAccess } from "./lead-access-queries";

/**
 * Lead access (issue 26.5): whether agents work on every lead or on their own and unassigned ones. Administrators
 * choose and save it; everyone else sees the current setting, so an agent knows why their list is shorter.
 */
export function LeadAccessCard() {
  const { t } = useTranslation();
  const access = useLeadAccess();
  const mayChange = useMayCall(leadAccessEndpoints.updateAccess) === true;

  return (
    <Card className="min-w-0" data-testid="settings-lead-access">
      <CardHeader>
        <CardTitle>{t("settings.leadAccess.title")}</CardTitle>
        <CardDescription>{t("settings.leadAccess.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {access.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("settings.leadAccess.loading")}
          </p>
        ) : access.isError ? (
          <RetryAlert message={apiErrorMessage(access.error, t("settings.leadAccess.loadFailed"))} onRetry={() => void access.refetch()} />
        ) : mayChange ? (
          <LeadAccessForm key={access.data.updatedAt} stored={access.data.agents} />
        ) : (
          <p className="text-sm" data-testid="lead-access-current">
            {t("settings.leadAccess.current", { choice: t(`settings.leadAccess.choices.${access.data.agents}`) })}{" "}
            <span className="text-muted-foreground">{t("settings.leadAccess.adminOnly")}</span>
          </p>
        )}
        {access.data?.updatedBy ? <LastChange name={access.data.updatedBy.name} at={access.data.updatedAt} /> : null}
      </CardContent>
    </Card>
  );
}

function LastChange({ name, at }: { name: string; at: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return <p className="text-xs text-muted-foreground">{t("settings.leadAccess.lastChange", { name, when: dateTime(at) })}</p>;
}

/** The two choices as radio buttons, saved with a confirmation. */
function LeadAccessForm({ stored }: { stored: LeadAccessValue }) {
  const { t } = useTranslation();
  const update = useUpdateLeadAccess();
  const [choice, setChoice] = useState<LeadAccessValue>(stored);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { agents: choice },
      {
        onSuccess: (saved) =>
          toast({ title: t("settings.leadAccess.saved"), description: t(`settings.leadAccess.savedDescription.${saved.agents}`) }),
        onError: (error) =>
          toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.leadAccess.saveFailed")) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("settings.leadAccess.title")}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("settings.leadAccess.legend")}</legend>
        {leadAccessValues.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="lead-access-agents"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="mt-0.5 size-4 accent-primary"
              data-testid={`lead-access-${value}`}
            />
            <span>{t(`settings.leadAccess.choices.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={choice === stored || update.isPending} data-testid="lead-access-save">
          {update.isPending ? t("settings.leadAccess.saving") : t("settings.leadAccess.save")}
        </Button>
      </div>
    </form>
  );
}
