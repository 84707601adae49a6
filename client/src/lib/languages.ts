export const SUPPORTED_LANGUAGES = [
  { code: "en", flag: "🇺🇸" },
  { code: "es", flag: "🇪🇸" },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]["code"];
