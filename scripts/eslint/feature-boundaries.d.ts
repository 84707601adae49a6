import type { Rule } from "eslint";

// Types of feature-boundaries.js (plain JavaScript, as eslint.config.js loads it without a TypeScript step).

export type ClientPlace = { layer: "features"; area: string; rest: string } | { layer: "components" | "lib" | "app" };
export interface BoundaryProblem {
  messageId: "intoAnotherFeature" | "ownEntry" | "floorImportsFeature";
  data: Record<string, string>;
}
export function placeOf(relativeToClientSrc: string): ClientPlace | null;
export function targetOf(specifier: string, fileRelativeToClientSrc: string): string | null;
export function boundaryProblem(fileRelativeToClientSrc: string, specifier: string): BoundaryProblem | null;
export const featureBoundaries: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
