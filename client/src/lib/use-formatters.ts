import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatNumber, formatThousands, formatUsd } from "./format";

/** Number, money and date formatting in the current language. */
export function useFormatters() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return {
    language,
    number: (value: number) => formatNumber(value, language),
    usd: (value: unknown) => formatUsd(value, language),
    /** "$125K": thousands, rounded. */
    usdThousands: (value: unknown) => t("format.usdThousands", { amount: formatThousands(value, language) }),
    date: (iso: string) => formatDate(iso, language),
    dateTime: (iso: string) => formatDateTime(iso, language),
  };
}
