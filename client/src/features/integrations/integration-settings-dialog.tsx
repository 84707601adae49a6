import type { TFunction } from "i18next";
import { useState, type ReactNode } from "react";
import { Controller, useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send, Unplug } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { domainEventNames, type DomainEventName } from "@contract/events";
import type { IntegrationSettingsBody, IntegrationStatusRow } from "@contract/integrations";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { eventLabel } from "@/lib/labels";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { checkLabel } from "./integration-card";
import {
  googleDefaults,
  googleFormSchema,
  slackDefaults,
  slackFormSchema,
  stripeDefaults,
  stripeFormSchema,
  type FormKind,
} from "./integration-forms";
import { integrationName } from "./integration-labels";
import { useConfigureIntegration, useDisconnectIntegration, useIntegrationStatus } from "./integration-queries";
import { useRunCheck } from "./use-run-check";

type IntegrationSettingsDialogProps = { kind: FormKind | null; onOpenChange: (open: boolean) => void };

/** Connect / Configure: the integration's form, Save, its test, and Disconnect (administrators only). */
export function IntegrationSettingsDialog({ kind, onOpenChange }: IntegrationSettingsDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="integration-dialog">
        {kind ? <SettingsDialogBody kind={kind} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SettingsDialogBody({ kind, onDone }: { kind: FormKind; onDone: () => void }) {
  const { t } = useTranslation();
  const status = useIntegrationStatus();
  const row = status.data?.integrations.find((integration) => integration.kind === kind);
  const name = integrationName(t, kind);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{row?.status === "connected" ? t("integrations.form.configureTitle", { name }) : t("integrations.form.connectTitle", { name })}</DialogTitle>
        <DialogDescription>{t(`integrations.${kind}.connecting`)}</DialogDescription>
      </DialogHeader>
      {status.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t("integrations.cards.loading")} />
        </div>
      ) : status.isError || !row ? (
        <RetryAlert
          message={t("integrations.cards.error", { message: apiErrorMessage(status.error, t("common.networkError")) })}
          onRetry={() => void status.refetch()}
        />
      ) : kind === "slack" ? (
        <SlackForm row={row} onDone={onDone} />
      ) : kind === "stripe" ? (
        <StripeForm row={row} onDone={onDone} />
      ) : (
        <GoogleForm row={row} onDone={onDone} />
      )}
    </>
  );
}

/** A saved secret is never sent back: only its last characters, so the form can say which one is kept. */
const hasSavedSecret = (row: IntegrationStatusRow) => row.status !== "available" && row.secretHint !== null;

/** The form of one integration: the contract's body schema, saved with PUT; the server's field messages go beside their inputs. */
function useSettingsForm<TInput extends FieldValues, TOutput extends IntegrationSettingsBody & FieldValues>(
  row: IntegrationStatusRow,
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  fields: readonly Path<TInput>[],
  onDone: () => void,
) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const configure = useConfigureIntegration();
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const name = integrationName(t, row.kind);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await configure.mutateAsync(body);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields);
      toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("integrations.form.saveFailed"))) });
      return;
    }
    toast({ title: t("integrations.form.saved", { name }), description: t("integrations.form.savedDescription") });
    onDone();
  });
  return { form, onSubmit };
}

function SlackForm({ row, onDone }: { row: IntegrationStatusRow; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const saved = hasSavedSecret(row);
  const { form, onSubmit } = useSettingsForm(row, slackFormSchema(saved), slackDefaults(row), ["webhookUrl", "channelLabel", "events"], onDone);
  const { errors, isDirty, isSubmitting } = form.formState;
  const urlError = message(errors.webhookUrl?.message);
  const urlHint = secretHint(t, saved, row.secretHint);
  const channelError = message(errors.channelLabel?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="slack-form">
      <FormField id="slack-webhook-url" label={t("integrations.slack.webhookUrl")} error={urlError} hint={urlHint}>
        <Input
          type="password"
          autoComplete="off"
          placeholder="https://hooks.slack.com/services/…"
          {...fieldA11yProps("slack-webhook-url", urlError, urlHint)}
          {...form.register("webhookUrl")}
        />
      </FormField>
      <FormField id="slack-channel" label={t("integrations.slack.channelLabel")} error={channelError} hint={t("integrations.slack.channelHint")}>
        <Input autoComplete="off" placeholder={t("integrations.slack.channelPlaceholder")} {...fieldA11yProps("slack-channel", channelError, t("integrations.slack.channelHint"))} {...form.register("channelLabel")} />
      </FormField>
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <EventChoice value={field.value} onChange={field.onChange} error={message(fieldState.error?.message)} />
        )}
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => <EnabledField id="slack-enabled" hint={t("integrations.slack.enabledHint")} checked={field.value} onChange={field.onChange} />}
      />
      <SettingsActions kind="slack" row={row} isDirty={isDirty} isSubmitting={isSubmitting} onDone={onDone} />
    </form>
  );
}

function StripeForm({ row, onDone }: { row: IntegrationStatusRow; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const saved = hasSavedSecret(row);
  const { form, onSubmit } = useSettingsForm(row, stripeFormSchema(saved), stripeDefaults(row), ["secretKey", "publishableKey"], onDone);
  const { errors, isDirty, isSubmitting } = form.formState;
  const secretError = message(errors.secretKey?.message);
  const secretText = secretHint(t, saved, row.secretHint);
  const publishableError = message(errors.publishableKey?.message);
  const publishableHint = t("integrations.stripe.publishableKeyHint");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="stripe-form">
      <FormField id="stripe-secret-key" label={t("integrations.stripe.secretKey")} error={secretError} hint={secretText}>
        <Input type="password" autoComplete="off" placeholder="sk_test_…" {...fieldA11yProps("stripe-secret-key", secretError, secretText)} {...form.register("secretKey")} />
      </FormField>
      <FormField id="stripe-publishable-key" label={t("integrations.stripe.publishableKey")} error={publishableError} hint={publishableHint}>
        <Input autoComplete="off" placeholder="pk_test_…" {...fieldA11yProps("stripe-publishable-key", publishableError, publishableHint)} {...form.register("publishableKey")} />
      </FormField>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => <EnabledField id="stripe-enabled" hint={t("integrations.stripe.enabledHint")} checked={field.value} onChange={field.onChange} />}
      />
      <SettingsActions kind="stripe" row={row} isDirty={isDirty} isSubmitting={isSubmitting} onDone={onDone} />
    </form>
  );
}

function GoogleForm({ row, onDone }: { row: IntegrationStatusRow; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const saved = hasSavedSecret(row);
  const { form, onSubmit } = useSettingsForm(row, googleFormSchema(saved), googleDefaults(row), ["domain", "clientId", "clientSecret"], onDone);
  const { errors, isDirty, isSubmitting } = form.formState;
  const domainError = message(errors.domain?.message);
  const domainHint = t("integrations.google_workspace.domainHint");
  const clientIdError = message(errors.clientId?.message);
  const secretError = message(errors.clientSecret?.message);
  const secretText = secretHint(t, saved, row.secretHint);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="google-form">
      <FormField id="google-domain" label={t("integrations.google_workspace.domain")} error={domainError} hint={domainHint}>
        <Input autoComplete="off" placeholder="example.com" {...fieldA11yProps("google-domain", domainError, domainHint)} {...form.register("domain")} />
      </FormField>
      <FormField id="google-client-id" label={t("integrations.google_workspace.clientId")} error={clientIdError}>
        <Input autoComplete="off" {...fieldA11yProps("google-client-id", clientIdError)} {...form.register("clientId")} />
      </FormField>
      <FormField id="google-client-secret" label={t("integrations.google_workspace.clientSecret")} error={secretError} hint={secretText}>
        <Input type="password" autoComplete="off" {...fieldA11yProps("google-client-secret", secretError, secretText)} {...form.register("clientSecret")} />
      </FormField>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => <EnabledField id="google-enabled" hint={t("integrations.google_workspace.enabledHint")} checked={field.value} onChange={field.onChange} />}
      />
      <SettingsActions kind="google_workspace" row={row} isDirty={isDirty} isSubmitting={isSubmitting} onDone={onDone} />
    </form>
  );
}

function secretHint(t: TFunction, saved: boolean, hint: string | null): string {
  return saved && hint ? t("integrations.form.keepSecret", { hint }) : t("integrations.form.newSecret");
}

/** The events posted to the channel: every domain event, as the webhooks name them. */
function EventChoice({ value, onChange, error }: { value: DomainEventName[]; onChange: (events: DomainEventName[]) => void; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "slack-events-error" : undefined} data-testid="slack-events">
      <legend className="mb-2 text-sm font-medium">{t("integrations.slack.events")}</legend>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {domainEventNames.map((event) => {
          const id = `slack-event-${event.replace(/[._]/g, "-")}`;
          return (
            <div key={event} className="flex items-start gap-2">
              <Checkbox
                id={id}
                aria-describedby={`${id}-name`}
                checked={value.includes(event)}
                onCheckedChange={(checked) => onChange(checked === true ? [...value, event] : value.filter((chosen) => chosen !== event))}
              />
              <div className="grid min-w-0 gap-0.5">
                <Label htmlFor={id} className="font-normal">
                  {eventLabel(t, event)}
                </Label>
                {/* The name Slack's message and the webhooks carry. */}
                <code id={`${id}-name`} className="font-mono text-xs text-muted-foreground">
                  {event}
                </code>
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id="slack-events-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type EnabledFieldProps = { id: string; hint: string; checked: boolean | undefined; onChange: (enabled: boolean) => void };

/** On or off without forgetting the settings: off, nothing is posted or checked. */
function EnabledField({ id, hint, checked, onChange }: EnabledFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={checked !== false} onCheckedChange={(next) => onChange(next === true)} aria-describedby={`${id}-hint`} />
        <Label htmlFor={id}>{t("integrations.form.enabled")}</Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

type SettingsActionsProps = { kind: FormKind; row: IntegrationStatusRow; isDirty: boolean; isSubmitting: boolean; onDone: () => void };

/** Test and Disconnect (once something is saved) on the left; Cancel and Save on the right. */
function SettingsActions({ kind, row, isDirty, isSubmitting, onDone }: SettingsActionsProps) {
  const { t } = useTranslation();
  const check = useRunCheck();
  const disconnect = useDisconnectIntegration();
  const [confirming, setConfirming] = useState(false);
  const saved = row.status !== "available";
  const name = integrationName(t, row.kind);

  const confirmDisconnect = () =>
    disconnect.mutate(row.kind, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t("integrations.disconnect.done", { name }) });
        onDone();
      },
      onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("integrations.disconnect.failed")) }),
    });

  let note: ReactNode = null;
  if (saved && isDirty) note = <p className="text-xs text-muted-foreground">{t("integrations.form.saveBeforeTest")}</p>;

  return (
    <>
      {note}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <div className="flex flex-wrap gap-2">
          {saved ? (
            <>
              <Button variant="outline" onClick={() => check.run(row.kind)} disabled={isDirty || check.pendingKind === row.kind} data-testid="integration-dialog-check">
                <Send aria-hidden="true" />
                {check.pendingKind === row.kind ? t("integrations.cards.checking") : checkLabel(t, row.kind)}
              </Button>
              <Button variant="outline" className="text-destructive-strong" onClick={() => setConfirming(true)} data-testid="integration-disconnect">
                <Unplug aria-hidden="true" />
                {t("integrations.disconnect.action")}
              </Button>
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting || (saved && !isDirty)}>
            {isSubmitting ? t("integrations.form.saving") : t("integrations.form.save")}
          </Button>
        </div>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("integrations.disconnect.title", { name })}
        description={t(`integrations.${kind}.disconnectDescription`)}
        submitLabel={t("integrations.disconnect.submit")}
        submittingLabel={t("integrations.disconnect.submitting")}
        pending={disconnect.isPending}
        onConfirm={confirmDisconnect}
        data-testid="integration-disconnect-dialog"
      />
    </>
  );
}
