import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Settings2, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ssoIssuerExamples, ssoProviderSettingsBodySchema, type SsoProvider } from "@contract/sso";
import { DataTableState } from "@/components/data-table-state";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useConfigureSsoProvider, useSetSsoProviderEnabled, useSsoConfig } from "./sso-queries";
import { useCan } from "@/lib/authorization";

/**
 * Spec: the single sign-on providers with their configured and enabled flags. Administrators also configure a
 * provider (issuer, client id, client secret) and enable or disable it; everyone else reads the list.
 */
export function SsoCard() {
  const { t } = useTranslation();
  const config = useSsoConfig();
  const mayManage = useCan("security.manage") === true;
  const [editing, setEditing] = useState<SsoProvider | null>(null);
  const rows = config.data?.providers ?? [];
  const defaultRole = config.data ? t(`team.roles.${config.data.defaultRole}.name`) : "";

  return (
    <Card className="min-w-0" data-testid="sso-card">
      <CardHeader>
        <CardTitle>{t("sso.card.title")}</CardTitle>
        <CardDescription>{t("sso.card.description", { role: defaultRole })}</CardDescription>
      </CardHeader>
      {mayManage ? null : (
        <CardContent>
          <Alert data-testid="sso-admin-only">
            <ShieldAlert aria-hidden="true" />
            {t("sso.card.adminOnly")}
          </Alert>
        </CardContent>
      )}
      <DataTableState
        query={config}
        rowCount={rows.length}
        testId="sso-providers"
        loadingText={t("sso.card.loading")}
        errorText={(message) => t("sso.card.error", { message })}
        empty={t("sso.card.empty")}
        table={{
          label: t("sso.card.title"),
          className: "min-w-[44rem] table-fixed",
          columns: 5,
          head: (
            <>
              <TableHead className="w-40">{t("sso.card.columns.provider")}</TableHead>
              <TableHead className="w-28">{t("sso.card.columns.configured")}</TableHead>
              <TableHead className="w-28">{t("sso.card.columns.enabled")}</TableHead>
              <TableHead>{t("sso.card.columns.details")}</TableHead>
              <TableHead className="w-52 text-right">{t("sso.card.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} mayManage={mayManage} onConfigure={() => setEditing(provider)} />
        ))}
      </DataTableState>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="sso-dialog">
          {editing ? <ProviderForm provider={editing} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Flag({ on, testId }: { on: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={on ? "default" : "outline"} data-testid={testId}>
      {on ? t("sso.card.yes") : t("sso.card.no")}
    </Badge>
  );
}

function ProviderRow({ provider, mayManage, onConfigure }: { provider: SsoProvider; mayManage: boolean; onConfigure: () => void }) {
  const { t } = useTranslation();
  const setEnabled = useSetSsoProviderEnabled();
  const fromEnvironment = provider.source === "environment";
  const toggle = () =>
    setEnabled.mutate(
      { provider: provider.id, enabled: !provider.enabled },
      {
        onSuccess: (saved) => toast({ title: t(saved.enabled ? "sso.card.enabledToast" : "sso.card.disabledToast", { name: saved.name }) }),
        onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("common.networkError")) }),
      },
    );
  const enableReason = !provider.configured && !provider.enabled ? t("sso.card.enableNeedsConfig") : undefined;

  return (
    <TableRow data-testid="sso-provider-row" data-provider={provider.id}>
      <TableCell className="truncate font-medium" title={provider.name}>
        {provider.name}
      </TableCell>
      <TableCell>
        <Flag on={provider.configured} testId="sso-configured" />
      </TableCell>
      <TableCell>
        <Flag on={provider.enabled} testId="sso-enabled" />
      </TableCell>
      <TableCell className="text-xs text-muted-foreground">
        {provider.configured ? (
          <div className="grid gap-0.5">
            <span className="truncate" title={provider.issuer ?? undefined}>
              {provider.issuer}
            </span>
            {fromEnvironment ? <span>{t("sso.card.fromEnvironment")}</span> : null}
            {provider.clientSecretHint ? <span>{t("sso.card.secretHint", { hint: provider.clientSecretHint })}</span> : null}
          </div>
        ) : (
          t("sso.card.notConfigured")
        )}
      </TableCell>
      <TableCell className="text-right">
        {mayManage ? (
          <div className="flex flex-wrap justify-end gap-1">
            {fromEnvironment ? null : (
              <Button size="sm" variant="outline" onClick={onConfigure} data-testid="sso-configure">
                <Settings2 aria-hidden="true" />
                {t("sso.card.configure")}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              onClick={toggle}
              disabled={setEnabled.isPending || enableReason !== undefined}
              title={enableReason}
              aria-label={enableReason ? `${t("sso.card.enable")}: ${enableReason}` : undefined}
              data-testid="sso-toggle"
            >
              {provider.enabled ? t("sso.card.disable") : t("sso.card.enable")}
            </Button>
          </div>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

type FormInput = z.input<typeof ssoProviderSettingsBodySchema>;
type FormOutput = z.output<typeof ssoProviderSettingsBodySchema>;

function ProviderForm({ provider, onDone }: { provider: SsoProvider; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const configure = useConfigureSsoProvider();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ssoProviderSettingsBodySchema),
    defaultValues: { name: provider.name, issuer: provider.issuer ?? "", clientId: provider.clientId ?? "", clientSecret: "", enabled: provider.configured ? provider.enabled : true },
  });
  const { errors, isSubmitting } = form.formState;
  const callbackUrl = `${window.location.origin}${provider.callbackPath}`;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, ...(values.clientSecret ? {} : { clientSecret: undefined }) };
    try {
      await configure.mutateAsync({ provider: provider.id, body });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["name", "issuer", "clientId", "clientSecret"]);
      toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("common.networkError")) });
      return;
    }
    toast({ title: t("sso.card.saved", { name: values.name }) });
    onDone();
  });

  const nameError = message(errors.name?.message);
  const issuerError = message(errors.issuer?.message);
  const issuerHint = t("sso.card.fields.issuerHint", { example: ssoIssuerExamples[provider.id] });
  const clientIdError = message(errors.clientId?.message);
  const secretError = message(errors.clientSecret?.message);
  const secretHint = provider.clientSecretHint ? t("sso.card.fields.clientSecretKeep", { hint: provider.clientSecretHint }) : t("sso.card.fields.clientSecretNew");

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("sso.card.configureProvider", { name: provider.name })}</DialogTitle>
        <DialogDescription>{t("sso.card.dialogDescription")}</DialogDescription>
      </DialogHeader>
      <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs" data-testid="sso-callback-url">
        {t("sso.card.callback", { url: callbackUrl })}
      </p>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="sso-form">
        <FormField id="sso-name" label={t("sso.card.fields.name")} error={nameError}>
          <Input autoComplete="off" {...fieldA11yProps("sso-name", nameError)} {...form.register("name")} />
        </FormField>
        <FormField id="sso-issuer" label={t("sso.card.fields.issuer")} error={issuerError} hint={issuerHint}>
          <Input type="url" autoComplete="off" placeholder={ssoIssuerExamples[provider.id]} {...fieldA11yProps("sso-issuer", issuerError, issuerHint)} {...form.register("issuer")} />
        </FormField>
        <FormField id="sso-client-id" label={t("sso.card.fields.clientId")} error={clientIdError}>
          <Input autoComplete="off" {...fieldA11yProps("sso-client-id", clientIdError)} {...form.register("clientId")} />
        </FormField>
        <FormField id="sso-client-secret" label={t("sso.card.fields.clientSecret")} error={secretError} hint={secretHint}>
          <Input type="password" autoComplete="new-password" {...fieldA11yProps("sso-client-secret", secretError, secretHint)} {...form.register("clientSecret")} />
        </FormField>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox id="sso-enabled" checked={field.value === true} onCheckedChange={(next) => field.onChange(next === true)} />
              <Label htmlFor="sso-enabled">{t("sso.card.fields.enabled")}</Label>
            </div>
          )}
        />
        <div className="mt-2 flex justify-end gap-2 border-t pt-3">
          <DialogClose asChild>
            <Button variant="outline">{t("sso.card.cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting} data-testid="sso-save">
            {isSubmitting ? t("sso.card.saving") : t("sso.card.save")}
          </Button>
        </div>
      </form>
    </>
  );
}
