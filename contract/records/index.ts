import { businessHealthFamilies } from "./business-health";
import type { RecordFamily } from "./family";
import { innovationFamilies } from "./innovation";
import { successionDocumentFamily } from "./succession";

/** Every declared record family: the generic routes, tables and the one family test walk this list. */
export const recordFamilies: readonly RecordFamily[] = [...businessHealthFamilies, successionDocumentFamily, ...innovationFamilies];
