import { useRef, useState, type FormEvent } from "react";
import { Send, ShieldAlert, Trash2, Webhook } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ALL_WEBHOOK_EVENTS, webhookEventOptions, type CreatedWebhookEndpoint, type WebhookEndpoint } from "@contract/webhooks";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SecretOnce } from "@/components/secret-once";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { eventLabel } from "@/lib/labels";
import { storedLine } from "@/lib/server-messages";
import { WebhookDeliveries } from "./webhook-deliveries";
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, useSetWebhookEnabled, useWebhooks } from "./webhook-queries";
import { useCan } from "@/lib/authorization";

type WebhookEvent = (typeof webhookEventOptions)[number];

/** Webhooks (issue 11): administrators add endpoints, see each secret once, switch them, and read their delivery log. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const mayManage = useCan("webhooks.manage") === true;
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  return (
    <Card className="min-w-0" data-testid="settings-webhooks">
      <CardHeader>
        <CardTitle>{t("settings.webhooks.title")}</CardTitle>
        <CardDescription>{t("settings.webhooks.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayManage ? (
          <>
            <WebhookCreateForm onCreated={setCreated} />
            {created ? <NewWebhookSecret created={created} onDone={() => setCreated(null)} /> : null}
            <WebhookList />
          </>
        ) : (
          <Alert data-testid="webhooks-admin-only">
            <ShieldAlert aria-hidden="true" />
            {t("settings.webhooks.adminOnly")}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** An endpoint's event in the reader's language; "*" reads as "All events". */
const endpointEventLabel = (t: TFunction, event: string) => (event === ALL_WEBHOOK_EVENTS ? t("settings.webhooks.allEvents") : eventLabel(t, event));

function WebhookCreateForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const urlInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState("");
  const [event, setEvent] = useState<WebhookEvent>(ALL_WEBHOOK_EVENTS);
  // The chosen event's name as deliveries carry it, for whoever writes the receiver.
  const eventHint = event === ALL_WEBHOOK_EVENTS ? undefined : t("settings.webhooks.eventName", { name: event });

  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (!url.trim()) {
      urlInput.current?.focus();
      return;
    }
    create.mutate(
      { url: url.trim(), event },
      {
        onSuccess: (endpoint) => {
          setUrl("");
          setEvent(ALL_WEBHOOK_EVENTS);
          onCreated(endpoint);
          // Spec §8: 'Webhook Registered'; the secret itself is shown once in the panel below the form, not in a toast that fades.
          toast({ title: t("settings.webhooks.registered"), description: t("settings.webhooks.registeredDescription", { url: endpoint.url }) });
        },
        onError: (error) =>
          toast({ variant: "destructive", title: t("settings.webhooks.createFailed"), description: apiErrorMessage(error, t("common.networkError")) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end" aria-label={t("settings.webhooks.create")} data-testid="webhook-create">
      <FormField id="webhook-url" label={t("settings.webhooks.urlField")}>
        <Input ref={urlInput} type="url" value={url} onChange={(change) => setUrl(change.target.value)} placeholder="https://example.com/webhooks" autoComplete="off" {...fieldA11yProps("webhook-url")} />
      </FormField>
      <FormField id="webhook-event" label={t("settings.webhooks.eventField")} hint={eventHint}>
        <Select
          value={event}
          onValueChange={(value) => {
            const chosen = webhookEventOptions.find((option) => option === value);
            if (chosen) setEvent(chosen);
          }}
        >
          <SelectTrigger {...fieldA11yProps("webhook-event", undefined, eventHint)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {webhookEventOptions.map((option) => (
              <SelectItem key={option} value={option}>
                {endpointEventLabel(t, option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        <Webhook aria-hidden="true" />
        {t("settings.webhooks.create")}
      </Button>
    </form>
  );
}

/** The signing secret, the one time it leaves the server (it is stored encrypted). */
function NewWebhookSecret({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnce
      secret={created.secret}
      texts={{
        title: t("settings.webhooks.secret.title"),
        description: t("settings.webhooks.secret.description"),
        fieldLabel: t("settings.webhooks.secret.label"),
        copy: t("settings.webhooks.secret.copy"),
        copied: t("settings.webhooks.secret.copied"),
        copyFailed: t("settings.webhooks.secret.copyFailed"),
        done: t("settings.webhooks.secret.done"),
      }}
      testIds={{ notice: "webhook-created", value: "webhook-secret", copy: "webhook-secret-copy", done: "webhook-secret-done" }}
      onDone={onDone}
    />
  );
}

function WebhookList() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const deleteWebhook = useDeleteWebhook();

  if (webhooks.isPending) return <p className="text-sm text-muted-foreground">{t("settings.webhooks.loading")}</p>;
  if (webhooks.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {apiErrorMessage(webhooks.error, t("common.networkError"))}
      </p>
    );
  if (webhooks.data.length === 0) return <p className="text-sm text-muted-foreground" data-testid="webhooks-empty">{t("settings.webhooks.empty")}</p>;

  const confirmDelete = () => {
    if (!deleting) return;
    deleteWebhook.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t("settings.webhooks.delete.done"), description: t("settings.webhooks.delete.doneDescription", { url: deleting.url }) });
        setDeleting(null);
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("settings.webhooks.delete.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
    });
  };

  return (
    <>
      <ul className="grid gap-3" aria-label={t("settings.webhooks.listLabel")}>
        {webhooks.data.map((endpoint) => (
          <WebhookRow key={endpoint.id} endpoint={endpoint} onDelete={setDeleting} />
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("settings.webhooks.delete.title")}
        description={deleting ? t("settings.webhooks.delete.description", { url: deleting.url }) : null}
        submitLabel={t("settings.webhooks.delete.submit")}
        submittingLabel={t("settings.webhooks.delete.submitting")}
        pending={deleteWebhook.isPending}
        onConfirm={confirmDelete}
        data-testid="webhook-delete-dialog"
      />
    </>
  );
}

function WebhookRow({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: (endpoint: WebhookEndpoint) => void }) {
  const { t, i18n } = useTranslation();
  const setEnabled = useSetWebhookEnabled();
  const sendTest = useSendTestEvent();
  const [showLog, setShowLog] = useState(false);
  const switchId = `webhook-enabled-${endpoint.id}`;

  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="webhook-row">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-sm" title={endpoint.url}>
          {endpoint.url}
        </code>
        <span className="flex min-w-0 flex-col items-start gap-0.5" data-testid="webhook-event">
          <Badge variant="outline">{endpointEventLabel(t, endpoint.event)}</Badge>
          {/* The name a receiver sees in each delivery's type, for whoever writes the receiver. */}
          {endpoint.event === ALL_WEBHOOK_EVENTS ? null : <code className="font-mono text-xs text-muted-foreground">{endpoint.event}</code>}
        </span>
        <div className="flex items-center gap-2">
          <Checkbox
            id={switchId}
            checked={endpoint.enabled}
            disabled={setEnabled.isPending}
            onCheckedChange={(checked) =>
              setEnabled.mutate(
                { id: endpoint.id, enabled: checked === true },
                { onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.webhooks.updateFailed")) }) },
              )
            }
          />
          <Label htmlFor={switchId}>{t("settings.webhooks.enabled")}</Label>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                setShowLog(true);
                toast({ title: t("settings.webhooks.testQueued") });
              },
              onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.webhooks.testFailed")) }),
            })
          }
        >
          <Send aria-hidden="true" />
          {t("settings.webhooks.sendTest")}
        </Button>
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? t("settings.webhooks.hideLog") : t("settings.webhooks.showLog")}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:text-destructive"
          aria-label={t("settings.webhooks.delete.action", { url: endpoint.url })}
          onClick={() => onDelete(endpoint)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {endpoint.disabledReason ? (
        <p className="text-sm text-destructive" data-testid="webhook-disabled-reason">
          {t("settings.webhooks.disabledBecause", {
            reason: storedLine(t, i18n.resolvedLanguage ?? "en", "webhookDisableReasons", { ...endpoint.disabledReasonCode, text: endpoint.disabledReason }),
          })}
        </p>
      ) : null}
      {showLog ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
    </li>
  );
}
