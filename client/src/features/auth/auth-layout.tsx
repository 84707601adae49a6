import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageMenu } from "@/components/language-menu";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

type AuthLayoutProps = { title: string; description: string; children: ReactNode };

/** The frame of the screens seen before signing in: brand, language control, one card. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);

  return (
    <div className="flex min-h-full flex-col">
      <div className="flex justify-end p-3">
        <LanguageMenu />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-48 pt-6 sm:pt-16">
        <Card className="w-full max-w-sm">
          <CardHeader className="gap-3 pb-4">
            <div>
              <p className="text-lg font-semibold leading-tight tracking-tight" data-testid="app-title">
                {t("app.name")}
              </p>
              <p className="text-xs text-muted-foreground">{t("app.tagline")}</p>
            </div>
            <div className="flex flex-col gap-1">
              <h1 className="text-base font-semibold" data-testid="page-title">
                {title}
              </h1>
              <CardDescription>{description}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
