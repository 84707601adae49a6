import path from "node:path";

/*
 * Issue 24.4: client features cannot reach into each other (bulletproof-react's rule, as a small local ESLint rule).
 * - A file of client/src/features/<area>/ imports another feature only through its public entry,
 *   `@/features/<other>` (features/<other>/index.ts), never a file inside it;
 * - it does not import its own feature's public entry (the entry re-exports it: a loop);
 * - client/src/components/ and client/src/lib/ import no feature at all: they are the floor features stand on.
 * app/ is where pages compose, so it may import any feature file (the routes' lazy chunks point at the pages).
 * Imports are resolved by path (relative or `@/`), never matched as text, so `../../features/x/y` is caught too.
 */

const CLIENT_SRC = path.join("client", "src");

/** Where a file sits in the client: { layer: "features", area: "leads" } or { layer: "lib" } or null outside it. */
export function placeOf(relativeToClientSrc) {
  const parts = relativeToClientSrc.split(/[\\/]/);
  if (parts[0] === "features" && parts.length >= 2) return { layer: "features", area: parts[1], rest: parts.slice(2).join("/") };
  if (parts[0] === "components" || parts[0] === "lib" || parts[0] === "app") return { layer: parts[0] };
  return null;
}

/** An import's target relative to client/src ("features/auth/use-can"), or null for a package or another root. */
export function targetOf(specifier, fileRelativeToClientSrc) {
  if (specifier.startsWith("@/")) return path.posix.normalize(specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fileRelativeToClientSrc.split(path.sep).join("/")), specifier));
    return joined.startsWith("../") ? null : joined;
  }
  return null;
}

/** Why an import breaks the boundaries, or null when it keeps them. */
export function boundaryProblem(fileRelativeToClientSrc, specifier) {
  const from = placeOf(fileRelativeToClientSrc);
  if (from === null || from.layer === "app") return null;
  const target = targetOf(specifier, fileRelativeToClientSrc);
  if (target === null) return null;
  const to = placeOf(target);
  if (to === null || to.layer !== "features") return null;
  if (from.layer !== "features") return { messageId: "floorImportsFeature", data: { layer: from.layer, area: to.area } };
  const isEntry = to.rest === "" || to.rest === "index" || to.rest === "index.ts";
  if (to.area === from.area) return isEntry ? { messageId: "ownEntry", data: { area: to.area } } : null;
  return isEntry ? null : { messageId: "intoAnotherFeature", data: { from: from.area, area: to.area } };
}

/** @type {import("eslint").Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Client features import each other only through their public entry; components/ and lib/ import none" },
    messages: {
      intoAnotherFeature: "features/{{from}} may use features/{{area}} only through its public entry: import from \"@/features/{{area}}\" (add the name to features/{{area}}/index.ts).",
      ownEntry: "Import the file itself, not features/{{area}}'s own public entry (it re-exports this feature: an import loop).",
      floorImportsFeature: "{{layer}}/ is below the features: it may not import features/{{area}}. Move what both need into {{layer}}/.",
    },
    schema: [],
  },
  create(context) {
    const relative = path.relative(path.join(context.cwd, CLIENT_SRC), context.filename);
    if (relative.startsWith("..") || path.isAbsolute(relative)) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const problem = boundaryProblem(relative, source.value);
      if (problem) context.report({ node: source, ...problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { "feature-boundaries": featureBoundaries } };
