import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageMenu } from "@/components/language-menu";

type PublicLayoutProps = {
  /** The page's heading (also the document title). */
  title: string;
  /** The area's name under the brand, e.g. "Partner Portal". */
  area: string;
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of the pages outside the staff app (partner portal, public lead form): brand, language, content. */
export function PublicLayout({ title, area, actions, children }: PublicLayoutProps) {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);

  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex w-full max-w-5xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="text-lg font-semibold leading-tight tracking-tight" data-testid="app-title">
              {t("app.name")}
            </p>
            <p className="text-xs text-muted-foreground">{area}</p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <LanguageMenu />
            {actions}
          </div>
        </div>
      </header>
      <main id="main-content" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 pb-48 pt-6">
        <h1 className="text-xl font-semibold tracking-tight" data-testid="page-title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
