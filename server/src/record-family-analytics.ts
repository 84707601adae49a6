import type { DeclaredFamily } from "@contract/records/index";
import { customerSuccessFamilyAnalytics } from "./modules/customer-success/customer-success-records.data";
import type { AnalyticsByKey } from "./modules/records/records.routes";
import { familyAnalytics, type AnalyticsByFamily } from "./modules/records/family-analytics";

/**
 * Every declared record family's analytics, put together from the areas that write them: the records area most,
 * Customer Success its renewal offers and business reviews. Typed complete: this does not compile until every
 * declared family has analytics of its declaration's schema. app.ts hands it to the generic record engine.
 */
export const recordFamilyAnalytics: AnalyticsByFamily<DeclaredFamily> = { ...familyAnalytics, ...customerSuccessFamilyAnalytics };

/** The same analytics by any family's key, as the generic engine looks them up (undefined for an undeclared key). */
export const analyticsByKey: AnalyticsByKey = new Map(Object.entries(recordFamilyAnalytics));
