import { useState } from "react";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "@/components/public-layout";
import { Button } from "@/components/ui/button";
import { PartnerAccess } from "./partner-access";
import { PartnerDashboardView } from "./partner-dashboard";
import { usePartnerSignOut } from "./partner-queries";
import { usePartnerSession } from "./partner-session";

/** The partner portal (/partners): outside the staff app; affiliates sign up, sign in and follow their referrals. */
export default function PartnersPage() {
  const { t } = useTranslation();
  const session = usePartnerSession();
  const signOut = usePartnerSignOut();
  const [sessionEnded, setSessionEnded] = useState(false);

  return (
    <PublicLayout
      title={session ? t("partners.dashboard.title") : t("partners.access.title")}
      area={t("partners.area")}
      actions={
        session ? (
          <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate(session)} data-testid="partner-sign-out">
            <LogOut aria-hidden="true" />
            {signOut.isPending ? t("partners.signingOut") : t("partners.signOut")}
          </Button>
        ) : null
      }
    >
      {session ? (
        <PartnerDashboardView key={session.token} session={session} onSessionEnded={() => setSessionEnded(true)} />
      ) : (
        <PartnerAccess sessionEnded={sessionEnded} onSignedIn={() => setSessionEnded(false)} />
      )}
    </PublicLayout>
  );
}
