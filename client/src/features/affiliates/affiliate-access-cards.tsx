import { useEffect, useState } from "react";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AffiliateLoginResult } from "@contract/affiliates";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AffiliateLoginForm } from "./affiliate-login-form";
import { AffiliateSignupForm } from "./affiliate-signup-form";

/** Spec §9: the login welcome panel hides after 5000 ms. */
export const WELCOME_PANEL_MS = 5000;

export function AffiliateRegistrationCard() {
  const { t } = useTranslation();
  return (
    <Card data-testid="affiliate-registration">
      <CardHeader>
        <CardTitle>{t("affiliates.signup.title")}</CardTitle>
        <CardDescription>{t("affiliates.signup.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <AffiliateSignupForm idPrefix="affiliate-signup" />
      </CardContent>
    </Card>
  );
}

/** Affiliate login; a success shows who signed in and their referral code for five seconds. */
export function AffiliateLoginCard() {
  const { t } = useTranslation();
  const [welcome, setWelcome] = useState<AffiliateLoginResult["affiliate"] | null>(null);

  useEffect(() => {
    if (!welcome) return;
    const timer = setTimeout(() => setWelcome(null), WELCOME_PANEL_MS);
    return () => clearTimeout(timer);
  }, [welcome]);

  return (
    <Card data-testid="affiliate-login">
      <CardHeader>
        <CardTitle>{t("affiliates.login.title")}</CardTitle>
        <CardDescription>{t("affiliates.login.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {welcome ? (
          <div
            role="status"
            className="flex items-start gap-2 rounded-md border border-success/30 bg-success/10 p-3 text-sm text-success-strong"
            data-testid="welcome-panel"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="grid gap-0.5">
              <p className="font-semibold">{t("affiliates.welcome.title")}</p>
              <p className="text-foreground" data-testid="welcome-name">
                {welcome.name}
              </p>
              <p className="text-foreground">
                {t("affiliates.welcome.code")}{" "}
                <code className="rounded bg-card px-1 font-mono font-semibold" data-testid="welcome-code">
                  {welcome.uniqueCode}
                </code>
              </p>
            </div>
          </div>
        ) : null}
        {/* The token is not kept here: staff only check the affiliate's sign-in; affiliates use the partner portal. */}
        <AffiliateLoginForm idPrefix="affiliate-login" onSignedIn={(result) => setWelcome({ ...result.affiliate })} />
      </CardContent>
    </Card>
  );
}
