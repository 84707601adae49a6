// Kept free of zod so the client's first chunk can use them without loading the schema library.
/** The record the browser keeps under this localStorage key. */
export const CONSENT_STORAGE_KEY = "leadwell-cookie-consent";
export const ANONYMOUS_CONSENT_EMAIL = "anonymous@leadwell.local";
