import { createPageRegistration } from "./page-registration";

/**
 * The filtered export URL of a screen that keeps its filters in its own state (app/shell/export-routes.ts marks those
 * routes filtersFrom "page"): the page registers the URL for what it shows now, and the Export Data button downloads it.
 */
const exportTarget = createPageRegistration<string>();

/** The page calls this with the export URL for what it shows now (null registers nothing). */
export const useExportTarget = exportTarget.useRegister;

/** The URL the Export Data button downloads now, or null. */
export const useCurrentExportUrl = exportTarget.useCurrent;
