// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { appRoutes, findRoute, isNavRoute, navPathOf } from "./routes";

function translations(lng: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));
}

function lookup(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe("the route table", () => {
  it("gives every route a page to load (the placeholder for unbuilt areas is gone with the last one built)", () => {
    expect(appRoutes.filter((route) => typeof route.load !== "function").map((route) => route.path)).toEqual([]);
    expect(appRoutes.map((route) => route.path)).toContain("/customer-success");
  });

  it("has each route's title and subtitle in every language", () => {
    for (const lng of ["en", "es"]) {
      const tree = translations(lng);
      const missing = appRoutes.flatMap((route) => [route.titleKey, route.subtitleKey].filter((key) => typeof lookup(tree, key) !== "string"));
      expect(missing).toEqual([]);
    }
  });

  it("finds a route whatever the letter case or trailing slash, and nothing for an unknown path", () => {
    expect(findRoute("/Tasks/")?.path).toBe("/tasks");
    expect(findRoute("/settings")?.titleKey).toBe("pages.settings.title");
    expect(findRoute("/no-such-screen")).toBeUndefined();
  });

  it("finds a record's page by its parameter, under its list in the sidebar, and not for a path one segment off", () => {
    const leadPage = findRoute("/leads/42");
    expect(leadPage?.path).toBe("/leads/:id");
    expect(leadPage && isNavRoute(leadPage)).toBe(false);
    expect(leadPage && navPathOf(leadPage)).toBe("/leads");
    expect(findRoute("/leads")?.path).toBe("/leads");
    expect(findRoute("/leads/42/more")).toBeUndefined();
    // Every record route belongs to a list the sidebar has.
    const lists = appRoutes.filter(isNavRoute).map((route) => route.path);
    expect(appRoutes.filter((route) => !isNavRoute(route)).every((route) => lists.includes(navPathOf(route)))).toBe(true);
  });

  it("opens the leads' duplicates and the merge of two leads under Lead Management, never as a lead's page", () => {
    const duplicates = findRoute("/leads/duplicates");
    expect(duplicates?.path).toBe("/leads/duplicates");
    expect(duplicates && navPathOf(duplicates)).toBe("/leads");
    const merge = findRoute("/leads/12/merge/34");
    expect(merge?.path).toBe("/leads/:id/merge/:otherId");
    expect(merge && navPathOf(merge)).toBe("/leads");
    expect(findRoute("/leads/12/merge")).toBeUndefined();
  });
});
