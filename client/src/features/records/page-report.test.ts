import { describe, expect, it } from "vitest";
import { reportFileName, reportHtml } from "./page-report";

describe("a monitoring page's report", () => {
  it("holds every section and figure, escaped, with no script", () => {
    const html = reportHtml({
      title: "Legacy Report",
      generatedLine: "Generated 25 Nov 2026",
      language: "en",
      sections: [{ heading: "Dashboard", rows: [["Innovation Health", "82%"], ["<b>Owner</b>", "Ada & Co"]] }],
    });
    expect(html).toContain("<h1>Legacy Report</h1>");
    expect(html).toContain('<tr><th scope="row">Innovation Health</th><td>82%</td></tr>');
    expect(html).toContain("&lt;b&gt;Owner&lt;/b&gt;");
    expect(html).toContain("Ada &amp; Co");
    expect(html).not.toContain("<script");
  });

  it("names the file after the title and the day, in plain letters", () => {
    expect(reportFileName("Informe de Salud", "2026-11-25")).toBe("informe-de-salud-2026-11-25.html");
    expect(reportFileName("Généré: Rapport!", "2026-11-25")).toBe("genere-rapport-2026-11-25.html");
  });
});
