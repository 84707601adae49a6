import { Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * Top Performing Affiliates. The affiliate programme does not exist in this installation yet, so nothing is
 * fetched and the card shows its empty state; it will list the first 5 affiliates once /api/affiliates exists.
 */
export function TopAffiliatesCard() {
  const { t } = useTranslation();
  return (
    <Card data-testid="top-affiliates">
      <CardHeader>
        <CardTitle>{t("dashboard.topAffiliates.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center gap-1 py-6 text-center">
          <Handshake aria-hidden="true" className="size-5 text-muted-foreground" />
          <p className="text-sm font-medium">{t("dashboard.topAffiliates.empty")}</p>
          <p className="text-xs text-muted-foreground">{t("dashboard.topAffiliates.emptyHint")}</p>
        </div>
      </CardContent>
    </Card>
  );
}
