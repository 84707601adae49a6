import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Cookie, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { readStoredConsent, storeConsent, type ConsentChoice } from "./consent-storage";
import { CookieOption } from "./cookie-option";
import { recordConsent } from "./record-consent";

/** Shown until the visitor makes a choice (spec §2, §4); works signed in or not. */
export function CookiePanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(() => readStoredConsent() === null);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  if (!visible) return null;

  const choose = (choice: ConsentChoice, granted: boolean) => {
    storeConsent(choice);
    recordConsent(queryClient, choice, granted);
    setVisible(false);
  };
  const necessaryOnly = () => choose({ analytics: false, marketing: false }, false);
  const acceptAll = () => choose({ analytics: true, marketing: true }, true);
  const savePreferences = () => choose({ analytics, marketing }, analytics || marketing);

  return (
    <section
      aria-labelledby="cookie-panel-title"
      className="cookie-panel pointer-events-none fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
      data-testid="cookie-panel"
    >
      <div className="pointer-events-auto relative mx-auto max-w-3xl rounded-lg border bg-card p-4 shadow-lg">
        <button
          type="button"
          aria-label={t("common.close")}
          onClick={necessaryOnly}
          className="absolute right-2 top-2 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
        <div className="flex items-start gap-3 pr-6">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="grid gap-1">
            <h2 id="cookie-panel-title" className="text-sm font-semibold">
              {t("cookies.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("cookies.description")}</p>
          </div>
        </div>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          <CookieOption
            id="cookie-necessary"
            label={t("cookies.necessary")}
            description={t("cookies.necessaryDescription")}
            checked
            disabled
          />
          <CookieOption
            id="cookie-analytics"
            label={t("cookies.analytics")}
            description={t("cookies.analyticsDescription")}
            checked={analytics}
            onCheckedChange={setAnalytics}
          />
          <CookieOption
            id="cookie-marketing"
            label={t("cookies.marketing")}
            description={t("cookies.marketingDescription")}
            checked={marketing}
            onCheckedChange={setMarketing}
          />
        </div>
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" onClick={necessaryOnly}>
            {t("cookies.necessaryOnly")}
          </Button>
          <Button variant="secondary" size="sm" onClick={savePreferences}>
            {t("cookies.save")}
          </Button>
          <Button size="sm" onClick={acceptAll}>
            {t("cookies.acceptAll")}
          </Button>
        </div>
      </div>
    </section>
  );
}
