import { CircleAlert } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** The header carries the title and text of the 404 page; this body only says what was asked for. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <EmptyState
      icon={CircleAlert}
      title={t("notFound.detail", { path: location })}
      action={
        <Button asChild variant="outline" size="sm">
          <Link href="/">{t("notFound.backHome")}</Link>
        </Button>
      }
      data-testid="not-found"
    />
  );
}
