import { createPageRegistration } from "./page-registration";

/**
 * The title a page gives itself (a record's page names the record: the lead's business name), which the header and
 * the window's title show instead of the route's fixed title.
 */
const pageTitle = createPageRegistration<string>();

/** The page calls this with its title once it knows it (null registers nothing: the route's title shows). */
export const usePageTitle = pageTitle.useRegister;

/** The title the page on screen registered, or null. */
export const useRegisteredPageTitle = pageTitle.useCurrent;
