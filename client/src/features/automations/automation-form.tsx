import { useState, type FormEvent } from "react";
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  automationActions,
  automationTriggers,
  conditionOperators,
  type AutomationAction,
  type AutomationDefinitionInput,
  type AutomationTrigger,
  type AutomationWorkflow,
  type SavedAutomationWorkflow,
} from "@contract/automations";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiFieldErrors } from "@/lib/api";
import { triggerLabel } from "@/lib/labels";
import { useValidationMessage } from "@/lib/validation-message";
import { useCreateAutomation, useUpdateAutomation } from "./automation-queries";
import { AutomationSigningSecret } from "./automation-signing-secret";
import { automationTemplates, configExamples, type AutomationTemplate } from "./automation-templates";
import { useCan } from "@/lib/authorization";

type Operator = (typeof conditionOperators)[number];

interface Draft {
  name: string;
  trigger: AutomationTrigger;
  action: AutomationAction;
  config: string;
  /** call_webhook's one setting, a field of its own rather than JSON. */
  url: string;
  conditionField: string;
  conditionOperator: Operator;
  conditionValue: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const emptyDraft = (): Draft => ({ name: "", trigger: "new_lead", action: "create_task", config: pretty(configExamples.create_task), url: "", conditionField: "", conditionOperator: "equals", conditionValue: "" });

const pick = <T extends string>(options: readonly T[], value: string): T | undefined => options.find((option) => option === value);

/** The JSON the config box holds, when it is an object; undefined when it does not parse as one. */
function parseConfig(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : undefined;
  } catch {
    return undefined;
  }
}

const urlOf = (config: Record<string, unknown>) => (typeof config.url === "string" ? config.url : "");

/** The draft a stored workflow reads back into (editing). */
function draftOf(workflow: AutomationWorkflow): Draft {
  const [condition] = workflow.conditions;
  return {
    name: workflow.name,
    trigger: pick(automationTriggers, workflow.trigger) ?? "new_lead",
    action: pick(automationActions, workflow.action) ?? "create_task",
    config: pretty(workflow.config),
    url: urlOf(workflow.config),
    conditionField: condition?.field ?? "",
    conditionOperator: condition?.operator ?? "equals",
    conditionValue: condition?.value ?? "",
  };
}

/** Create (or edit) a workflow: spec §2 AI Automation. The config is JSON, checked before sending. */
export function AutomationForm({ editing, onDoneEditing }: { editing: AutomationWorkflow | null; onDoneEditing: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [configError, setConfigError] = useState<string | undefined>();
  const [urlError, setUrlError] = useState<string | undefined>();
  // A call_webhook workflow's new signing secret, shown until Done (the server never shows it again).
  const [newSecret, setNewSecret] = useState<{ name: string; secret: string } | null>(null);
  const validationMessage = useValidationMessage();
  // The server refuses call_webhook to anyone who may not manage webhooks: it sends data out, like a webhook.
  const mayCallWebhooks = useCan("webhooks.manage") === true;
  const pending = create.isPending || update.isPending;

  // Editing another workflow loads it into the form.
  if (editing && editing.id !== editingId) {
    setEditingId(editing.id);
    setDraft(draftOf(editing));
    setConfigError(undefined);
    setUrlError(undefined);
  }

  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const reset = () => {
    setDraft(emptyDraft());
    setEditingId(null);
    setConfigError(undefined);
    setUrlError(undefined);
    onDoneEditing();
  };
  const applyTemplate = (template: AutomationTemplate) => {
    set({ name: t(`automation.templates.${template.key}`), trigger: template.trigger, action: template.action, config: pretty(template.config), url: urlOf(template.config) });
    setConfigError(undefined);
    setUrlError(undefined);
  };
  const showSecret = (saved: SavedAutomationWorkflow) => {
    if (saved.signingSecret) setNewSecret({ name: saved.name, secret: saved.signingSecret });
  };

  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const callsWebhook = draft.action === "call_webhook";
    const config = callsWebhook ? (draft.url.trim() ? { url: draft.url.trim() } : undefined) : parseConfig(draft.config);
    if (!draft.name.trim() || !config) {
      const message = callsWebhook ? t("automation.form.urlRequired") : t("errors.automation.invalid_config");
      if (callsWebhook) setUrlError(config ? undefined : message);
      else setConfigError(config ? undefined : message);
      toast({ variant: "destructive", title: t("common.error"), description: draft.name.trim() ? message : t("automation.form.nameRequired") });
      return;
    }
    setUrlError(undefined);
    const conditions = draft.conditionField.trim() ? [{ field: draft.conditionField.trim(), operator: draft.conditionOperator, value: draft.conditionValue }] : [];
    const definition = { name: draft.name.trim(), trigger: draft.trigger, conditions, action: draft.action, config };
    const onError = (error: unknown) => {
      if (callsWebhook) setUrlError(validationMessage(apiFieldErrors(error)["config.url"]));
      toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("errors.automation.invalid_config")) });
    };
    if (editingId !== null) {
      update.mutate(
        { id: editingId, body: definition },
        {
          onSuccess: (saved) => {
            toast({ title: t("automation.form.updated") });
            showSecret(saved);
            reset();
          },
          onError,
        },
      );
      return;
    }
    // The action picks the config's shape; the server checks it field by field.
    create.mutate(definition as AutomationDefinitionInput, {
      onSuccess: (saved) => {
        toast({ title: t("automation.form.created") });
        showSecret(saved);
        reset();
      },
      onError,
    });
  };

  return (
    <Card data-testid="automation-form-card">
      <CardHeader>
        <CardTitle>{editingId === null ? t("automation.form.title") : t("automation.form.editTitle")}</CardTitle>
        <CardDescription>{t("automation.form.description", { placeholder: "{{lead.businessName}}" })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {newSecret ? <AutomationSigningSecret name={newSecret.name} secret={newSecret.secret} onDone={() => setNewSecret(null)} /> : null}
        <div className="flex flex-wrap items-center gap-2" data-testid="automation-templates">
          <span className="text-sm text-muted-foreground">{t("automation.templates.label")}</span>
          {automationTemplates.map((template) => (
            <Button
              key={template.key}
              type="button"
              variant="outline"
              size="sm"
              disabled={template.action === "call_webhook" && !mayCallWebhooks}
              onClick={() => applyTemplate(template)}
            >
              <Sparkles aria-hidden="true" />
              {t(`automation.templates.${template.key}`)}
            </Button>
          ))}
        </div>
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("automation.form.title")} data-testid="automation-form">
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField id="automation-name" label={t("automation.form.name")}>
              <Input value={draft.name} maxLength={100} onChange={(change) => set({ name: change.target.value })} {...fieldA11yProps("automation-name")} />
            </FormField>
            <FormField id="automation-trigger" label={t("automation.form.trigger")} hint={t("automation.form.triggerName", { name: draft.trigger })}>
              <Select value={draft.trigger} onValueChange={(value) => set({ trigger: pick(automationTriggers, value) ?? draft.trigger })}>
                <SelectTrigger {...fieldA11yProps("automation-trigger", undefined, t("automation.form.triggerName", { name: draft.trigger }))}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {automationTriggers.map((trigger) => (
                    <SelectItem key={trigger} value={trigger}>
                      {triggerLabel(t, trigger)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="automation-action" label={t("automation.form.action")} hint={mayCallWebhooks ? undefined : t("automation.form.webhookAdminOnly")}>
              <Select
                value={draft.action}
                onValueChange={(value) => {
                  const action = pick(automationActions, value) ?? draft.action;
                  // A config still showing another action's example follows the new action.
                  const example = Object.values(configExamples).some((config) => pretty(config) === draft.config);
                  set(example ? { action, config: pretty(configExamples[action]) } : { action });
                }}
              >
                <SelectTrigger {...fieldA11yProps("automation-action", undefined, mayCallWebhooks ? undefined : t("automation.form.webhookAdminOnly"))}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {automationActions.map((action) => (
                    <SelectItem key={action} value={action} disabled={action === "call_webhook" && !mayCallWebhooks}>
                      {t(`automation.actions.${action}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-medium">{t("automation.form.condition")}</legend>
            <FormField id="automation-condition-field" label={t("automation.form.conditionField")} hint={t("automation.form.conditionHint")}>
              <Input value={draft.conditionField} maxLength={100} placeholder="industry" onChange={(change) => set({ conditionField: change.target.value })} {...fieldA11yProps("automation-condition-field", undefined, t("automation.form.conditionHint"))} />
            </FormField>
            <FormField id="automation-condition-operator" label={t("automation.form.operator")}>
              <Select value={draft.conditionOperator} onValueChange={(value) => set({ conditionOperator: pick(conditionOperators, value) ?? "equals" })}>
                <SelectTrigger {...fieldA11yProps("automation-condition-operator")}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {conditionOperators.map((operator) => (
                    <SelectItem key={operator} value={operator}>
                      {t(`automation.operators.${operator}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="automation-condition-value" label={t("automation.form.conditionValue")}>
              <Input value={draft.conditionValue} maxLength={500} placeholder="retail" onChange={(change) => set({ conditionValue: change.target.value })} {...fieldA11yProps("automation-condition-value")} />
            </FormField>
          </fieldset>
          {draft.action === "call_webhook" ? (
            <FormField id="automation-url" label={t("automation.form.url")} error={urlError} hint={t("automation.form.urlHint")}>
              <Input
                type="url"
                inputMode="url"
                maxLength={2000}
                placeholder="https://example.com/hooks/leadwell"
                value={draft.url}
                onChange={(change) => set({ url: change.target.value })}
                {...fieldA11yProps("automation-url", urlError, t("automation.form.urlHint"))}
              />
            </FormField>
          ) : (
            <FormField id="automation-config" label={t("automation.form.config")} error={configError} hint={t("automation.form.configHint")}>
              <Textarea
                rows={6}
                className="font-mono"
                value={draft.config}
                onChange={(change) => set({ config: change.target.value })}
                {...fieldA11yProps("automation-config", configError, t("automation.form.configHint"))}
              />
            </FormField>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending} data-testid="automation-submit">
              {pending ? t("automation.form.saving") : editingId === null ? t("automation.form.create") : t("automation.form.save")}
            </Button>
            {editingId !== null ? (
              <Button type="button" variant="outline" onClick={reset}>
                {t("automation.form.cancelEdit")}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
