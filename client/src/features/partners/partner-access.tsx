import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AffiliateLoginForm } from "@/features/affiliates";
import { AffiliateSignupForm } from "@/features/affiliates";
import { storePartnerSession } from "./partner-session";

type PartnerAccessProps = { sessionEnded: boolean; onSignedIn: () => void };

/** Sign in, or create a partner account and then sign in with it. */
export function PartnerAccess({ sessionEnded, onSignedIn }: PartnerAccessProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"sign-in" | "sign-up">("sign-in");
  const [email, setEmail] = useState("");

  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <div className="grid gap-2 md:pt-2">
        <p className="text-lg font-semibold">{t("partners.access.pitchTitle")}</p>
        <p className="text-muted-foreground">{t("partners.access.pitch")}</p>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>{t("partners.access.pointLink")}</li>
          <li>{t("partners.access.pointCommission")}</li>
          <li>{t("partners.access.pointDashboard")}</li>
        </ul>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{tab === "sign-in" ? t("partners.access.signInTitle") : t("partners.access.signUpTitle")}</CardTitle>
          <CardDescription>{tab === "sign-in" ? t("partners.access.signInDescription") : t("partners.access.signUpDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {sessionEnded ? (
            <Alert data-testid="partner-session-ended">{t("partners.access.sessionEnded")}</Alert>
          ) : null}
          <Tabs value={tab} onValueChange={(value) => setTab(value === "sign-up" ? "sign-up" : "sign-in")}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">{t("partners.access.signInTab")}</TabsTrigger>
              <TabsTrigger value="sign-up">{t("partners.access.signUpTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <AffiliateLoginForm
                key={email}
                idPrefix="partner-login"
                defaultEmail={email}
                submitLabels={{ idle: t("partners.access.signInSubmit"), pending: t("partners.access.signInSubmitting") }}
                onSignedIn={(result) => {
                  storePartnerSession(result);
                  onSignedIn();
                }}
              />
            </TabsContent>
            <TabsContent value="sign-up">
              <AffiliateSignupForm
                idPrefix="partner-signup"
                submitLabels={{ idle: t("partners.access.signUpSubmit"), pending: t("partners.access.signUpSubmitting") }}
                onRegistered={(_affiliate, body) => {
                  setEmail(body.email);
                  setTab("sign-in");
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
