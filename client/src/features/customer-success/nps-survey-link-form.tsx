import { useState, type FormEvent } from "react";
import { Copy, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api";
import { useCreateSurveyLink } from "./customer-success-queries";
import { useCan } from "@/lib/authorization";

/** Staff: sends a lead (by id) a one-time survey link; the link is shown once, with a copy button. */
export function SendSurveyLink() {
  const { t, i18n } = useTranslation();
  const allowed = useCan("customers.write");
  const create = useCreateSurveyLink();
  const [leadId, setLeadId] = useState("");
  const [copied, setCopied] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(leadId);
    if (!Number.isInteger(id) || id <= 0) return;
    setCopied(false);
    create.mutate({ leadId: id }, { onSuccess: () => setLeadId("") });
  };
  const copy = (link: string) => {
    void navigator.clipboard?.writeText(link).then(() => setCopied(true));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("customerSuccess.surveyLink.title")}</CardTitle>
        <CardDescription>{t("customerSuccess.surveyLink.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor="survey-link-lead">{t("customerSuccess.surveyLink.leadId")}</Label>
            <Input id="survey-link-lead" inputMode="numeric" value={leadId} onChange={(event) => setLeadId(event.target.value)} className="w-40" />
          </div>
          <Button type="submit" size="sm" disabled={allowed !== true || create.isPending || leadId.trim() === ""}>
            <Send aria-hidden="true" />
            {t("customerSuccess.surveyLink.send")}
          </Button>
        </form>
        {create.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {apiErrorMessage(create.error, t("common.networkError"))}
          </p>
        ) : null}
        {create.data ? (
          <div className="grid gap-2 rounded-md border p-3 text-sm" data-testid="survey-link-created">
            <p>{create.data.emailed ? t("customerSuccess.surveyLink.emailed") : t("customerSuccess.surveyLink.notEmailed")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <Input readOnly value={create.data.link} aria-label={t("customerSuccess.surveyLink.link")} className="min-w-0 flex-1 font-mono text-xs" data-testid="survey-link-value" />
              <Button type="button" size="sm" variant="outline" onClick={() => copy(create.data.link)}>
                <Copy aria-hidden="true" />
                {copied ? t("customerSuccess.surveyLink.copied") : t("customerSuccess.surveyLink.copy")}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              {t("customerSuccess.surveyLink.shownOnce", { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(create.data.expiresAt)) })}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
