// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { appRoutes, findRoute } from "./routes";

function translations(lng: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));
}

function lookup(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe("the route table", () => {
  it("shows the one placeholder page on exactly the areas not built yet", () => {
    const placeholders = appRoutes.filter((route) => "placeholderKey" in route).map((route) => route.path);
    expect(placeholders.sort()).toEqual(
      [
        "/customer-success",
      ].sort(),
    );
  });

  it("has each placeholder's line in every language", () => {
    for (const lng of ["en", "es"]) {
      const tree = translations(lng);
      const missing = appRoutes.flatMap((route) => ("placeholderKey" in route && typeof lookup(tree, route.placeholderKey) !== "string" ? [route.path] : []));
      expect(missing).toEqual([]);
    }
  });

  it("finds a route whatever the letter case or trailing slash, and nothing for an unknown path", () => {
    expect(findRoute("/Tasks/")?.path).toBe("/tasks");
    expect(findRoute("/settings")?.titleKey).toBe("pages.settings.title");
    expect(findRoute("/no-such-screen")).toBeUndefined();
  });
});
