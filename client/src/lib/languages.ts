/** The languages the app speaks; each one's flag is drawn by components/flag.tsx. */
export const SUPPORTED_LANGUAGES = [{ code: "en" }, { code: "es" }] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]["code"];
