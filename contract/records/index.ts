import { businessHealthFamilies } from "./business-health";
import { customerSuccessFamilies } from "../customer-success";
import type { RecordFamily } from "./family";
import { finalStewardshipFamilies } from "./final-stewardship";
import { futureStewardshipFamilies } from "./future-stewardship";
import { innovationFamilies } from "./innovation";
import { perpetualInnovationFamilies } from "./perpetual-innovation";
import { perpetualStewardshipFamilies } from "./perpetual-stewardship";
import { successionDocumentFamily } from "./succession";

/** Every declared record family, each with its literal type (what typed maps over the families read). */
export const declaredFamilies = [
  ...businessHealthFamilies,
  successionDocumentFamily,
  ...perpetualInnovationFamilies,
  ...perpetualStewardshipFamilies,
  ...futureStewardshipFamilies,
  ...finalStewardshipFamilies,
  ...innovationFamilies,
  ...customerSuccessFamilies,
] as const;

export type DeclaredFamily = (typeof declaredFamilies)[number];
export type DeclaredFamilyKey = DeclaredFamily["key"];

/** Every declared record family: the generic routes, tables and the one family test walk this list. */
export const recordFamilies: readonly RecordFamily[] = declaredFamilies;
