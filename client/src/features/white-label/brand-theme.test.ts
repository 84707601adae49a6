// @vitest-environment node
import { describe, expect, it } from "vitest";
import { brandTheme } from "./brand-theme";

describe("a brand's colours on the app", () => {
  it("applies a dark primary with light text on it", () => {
    expect(brandTheme({ primary: "#1e3a8a", primaryText: "#ffffff", accent: "#f59e0b" })).toEqual({
      applied: true,
      variables: { "--primary": "#1e3a8a", "--primary-foreground": "#ffffff", "--brand-accent": "#f59e0b" },
    });
  });

  it("keeps the app's colours when text on the primary or the primary on the page would be hard to read", () => {
    expect(brandTheme({ primary: "#777777", primaryText: "#ffffff", accent: "#000000" })).toEqual({ applied: false, reason: "text_on_primary", ratio: "4.47" });
    expect(brandTheme({ primary: "#fde047", primaryText: "#111827", accent: "#000000" })).toMatchObject({ applied: false, reason: "primary_on_page" });
  });
});
