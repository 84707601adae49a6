import { CircleAlert, LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { SSO_ERROR_PARAM, ssoRedirectErrorCodes, type SsoRedirectErrorCode } from "@contract/sso";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ssoStartUrl, usePublicSsoProviders } from "./sso-sign-in-queries";

const isRedirectCode = (code: string | null): code is SsoRedirectErrorCode => ssoRedirectErrorCodes.includes(code as SsoRedirectErrorCode);

/** Why the last single sign-on failed, from the code the callback put in the address (`?ssoError=`), translated. */
export function SsoSignInError() {
  const { t } = useTranslation();
  const code = new URLSearchParams(useSearch()).get(SSO_ERROR_PARAM);
  if (!isRedirectCode(code)) return null;
  return (
    <Alert variant="destructive" data-testid="sso-error">
      <CircleAlert aria-hidden="true" />
      <span>{t(`errors.${code}`)}</span>
    </Alert>
  );
}

/**
 * One "Sign in with <provider>" link per enabled provider. They are links, not buttons: the browser leaves for the
 * provider and comes back signed in. Nothing shows while the list loads or when it cannot be read: the password
 * form above still works.
 */
export function SsoSignInButtons() {
  const { t } = useTranslation();
  const providers = usePublicSsoProviders();
  const rows = providers.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="mt-3 grid gap-2" data-testid="sso-buttons">
      <div className="flex items-center gap-2 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t("sso.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      {rows.map((provider) => (
        <Button key={provider.id} variant="outline" className="w-full" asChild>
          <a href={ssoStartUrl(provider.id)} data-testid={`sso-sign-in-${provider.id}`}>
            <LogIn aria-hidden="true" />
            {t("sso.signInWith", { name: provider.name })}
          </a>
        </Button>
      ))}
    </div>
  );
}
