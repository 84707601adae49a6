import { useId, useState } from "react";
import { Eye, Mail, Pencil, Send } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { Lead } from "@contract/leads";
import {
  leadEmailInputSchema,
  leadEmailPlaceholders,
  mailEndpoints,
  type LeadEmail,
  type LeadEmailInput,
  type LeadEmailTemplate,
  type LeadEmailTemplateLanguage,
  type MailStatus,
} from "@contract/mail";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { MarkdownBody } from "@/components/markdown-body";
import { SelectField } from "@/components/select-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { RefusedButton } from "@/components/refused-button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useFormatters } from "@/lib/use-formatters";
import { translateValidationMessage, useValidationMessage } from "@/lib/validation-message";
import { useLeadEmails, useLeadEmailTemplates, useSendLeadEmail } from "./lead-email-queries";

const STATUS_VARIANTS = { pending: "outline", sent: "success", failed: "destructive", held: "warning" } as const satisfies Record<MailStatus, string>;
/** The form's fields the server may name in a 400. */
const FORM_FIELDS = ["subject", "body", "templateId"] as const;
/** How many of the lead's emails the dialog lists (the newest). */
const HISTORY_SHOWN = 5;

type FormInput = LeadEmailInput;

/**
 * Writes an email to the lead from its page (issue 25.5): a template picker, subject and Markdown body with a
 * preview, sent through the mail outbox; below, the lead's latest emails with their delivery status. A role that may
 * not send sees the button disabled, with the reason.
 */
export function LeadEmailButton({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const maySend = useMayCall(mailEndpoints.sendToLead);
  const [open, setOpen] = useState(false);
  if (maySend === undefined) return null;
  if (!maySend) return <RefusedEmailButton />;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("leadEmail.buttonLabel", { name: lead.businessName })} data-testid="lead-email-button">
          <Mail aria-hidden="true" />
          {t("leadEmail.button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="lead-email-dialog">
        <DialogHeader>
          <DialogTitle>{t("leadEmail.title", { name: lead.businessName })}</DialogTitle>
          <DialogDescription>{t("leadEmail.description", { email: lead.email, placeholder: "{{lead.businessName}}" })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from an empty message. */}
        {open ? (
          <>
            <LeadEmailForm lead={lead} onDone={() => setOpen(false)} />
            <LeadEmailHistory leadId={lead.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Email for a role that may not send: the same button, refused with the reason. */
function RefusedEmailButton() {
  const { t } = useTranslation();
  return (
    <RefusedButton reason={t("leadEmail.notAllowed")} data-testid="lead-email-button">
      <Mail aria-hidden="true" />
      {t("leadEmail.button")}
    </RefusedButton>
  );
}

const templateLanguage = (language: string | undefined): LeadEmailTemplateLanguage => (language?.startsWith("es") ? "es" : "en");

function LeadEmailForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useValidationMessage();
  const ids = { template: useId(), subject: useId(), body: useId(), preview: useId() };
  const [previewing, setPreviewing] = useState(false);
  const templates = useLeadEmailTemplates(true);
  const send = useSendLeadEmail(lead.id);
  const language = templateLanguage(i18n.resolvedLanguage);
  const form = useForm<FormInput>({
    resolver: zodResolver(leadEmailInputSchema),
    defaultValues: { subject: "", body: "", templateId: undefined },
  });
  const { errors } = form.formState;
  const subjectError = message(errors.subject?.message);
  const bodyError = message(errors.body?.message);
  const templateError = message(errors.templateId?.message);
  const body = useWatch({ control: form.control, name: "body" });

  const pickTemplate = (id: string) => {
    const template = templates.data?.find((candidate): candidate is LeadEmailTemplate => candidate.id === id);
    if (!template) return;
    form.setValue("templateId", template.id, { shouldDirty: true });
    form.setValue("subject", template[language].subject, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue("body", template[language].body, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (mail) => {
        toast({
          title: t("leadEmail.sentTitle"),
          description: mail.status === "held" ? t("leadEmail.held", { subject: mail.subject }) : t("leadEmail.queued", { subject: mail.subject, to: mail.to }),
        });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FORM_FIELDS);
        toast({ variant: "destructive", title: t("leadEmail.failedTitle"), description: message(apiErrorMessage(error, t("common.networkError"))) });
      },
    }),
  );

  const templateOptions = (templates.data ?? []).map((template) => ({ value: template.id, label: template[language].name }));
  const placeholders = leadEmailPlaceholders.map((name) => `{{${name}}}`).join(", ");

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t("leadEmail.title", { name: lead.businessName })}>
      <Controller
        control={form.control}
        name="templateId"
        render={({ field }) => (
          <div data-testid="lead-email-template">
            <SelectField
              id={ids.template}
              label={t("leadEmail.template")}
              value={field.value ?? ""}
              onChange={pickTemplate}
              onBlur={field.onBlur}
              options={templateOptions}
              placeholder={t("leadEmail.templatePlaceholder")}
              hint={t("leadEmail.templateHint")}
              error={templateError}
              disabled={templateOptions.length === 0}
            />
          </div>
        )}
      />
      <FormField id={ids.subject} label={t("leadEmail.subject")} error={subjectError}>
        <Input {...fieldA11yProps(ids.subject, subjectError)} autoComplete="off" maxLength={300} {...form.register("subject")} data-testid="lead-email-subject" />
      </FormField>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={previewing ? undefined : ids.body} id={`${ids.body}-label`} className="text-sm leading-none font-medium">
            {t("leadEmail.body")}
          </label>
          <Button type="button" variant="ghost" size="sm" aria-pressed={previewing} onClick={() => setPreviewing((on) => !on)} data-testid="lead-email-preview-toggle">
            {previewing ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {previewing ? t("leadEmail.edit") : t("leadEmail.preview")}
          </Button>
        </div>
        {previewing ? (
          <section aria-label={t("leadEmail.previewLabel")} className="min-h-48 rounded-md border bg-muted/30 p-3" data-testid="lead-email-preview">
            {body.trim() ? <MarkdownBody>{body}</MarkdownBody> : <p className="text-sm text-muted-foreground">{t("leadEmail.previewEmpty")}</p>}
          </section>
        ) : (
          <Textarea
            {...fieldA11yProps(ids.body, bodyError, t("leadEmail.bodyHint", { placeholders }))}
            aria-labelledby={`${ids.body}-label`}
            rows={10}
            className="min-h-48 font-mono text-sm"
            {...form.register("body")}
            data-testid="lead-email-body"
          />
        )}
        {bodyError ? (
          <p id={`${ids.body}-error`} className="text-xs text-destructive">
            {bodyError}
          </p>
        ) : previewing ? null : (
          <p id={`${ids.body}-hint`} className="text-xs text-muted-foreground">
            {t("leadEmail.bodyHint", { placeholders })}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("leadEmail.cancel")}
        </Button>
        <Button type="submit" disabled={send.isPending} data-testid="lead-email-send">
          <Send aria-hidden="true" />
          {send.isPending ? t("leadEmail.sending") : t("leadEmail.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The lead's latest emails with their delivery status: a held one says why, a failed one gives the server's answer. */
function LeadEmailHistory({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const emails = useLeadEmails(leadId, true);
  return (
    <section className="grid gap-2 border-t pt-3" aria-labelledby={`lead-email-history-${leadId}`} data-testid="lead-email-history">
      <h3 id={`lead-email-history-${leadId}`} className="text-sm font-medium">
        {t("leadEmail.historyTitle")}
      </h3>
      {emails.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t("leadEmail.historyLoading")}
        </p>
      ) : emails.isError ? (
        <p className="text-sm text-destructive">{t("leadEmail.historyFailed", { message: apiErrorMessage(emails.error) })}</p>
      ) : emails.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("leadEmail.historyEmpty")}</p>
      ) : (
        <ul className="grid gap-2">
          {emails.data.slice(0, HISTORY_SHOWN).map((mail) => (
            <LeadEmailLine key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadEmailLine({ mail }: { mail: LeadEmail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // A held message carries an error code (translated); a failed one the SMTP server's own answer, shown as it is.
  const error = mail.status === "held" || mail.status === "failed" ? translateValidationMessage(t, mail.error ?? undefined) : undefined;
  return (
    <li className="grid gap-0.5 text-sm" data-testid="lead-email-line">
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="truncate font-medium" title={mail.subject}>
          {mail.subject}
        </span>
        <Badge variant={STATUS_VARIANTS[mail.status]} data-testid="lead-email-status">
          {t(`leadEmail.statuses.${mail.status}`)}
        </Badge>
      </div>
      <span className="text-xs text-muted-foreground">
        {t("leadEmail.historyLine", { when: format.dateTime(mail.sentAt ?? mail.createdAt), who: mail.sentBy?.name ?? t("leadEmail.formerStaff") })}
      </span>
      {error ? <span className="line-clamp-2 text-xs text-muted-foreground">{error}</span> : null}
    </li>
  );
}
