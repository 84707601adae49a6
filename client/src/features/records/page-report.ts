/**
 * A monitoring page's report (Health Report, Legacy Report, Generate Report): the figures the page shows now, as a
 * printable HTML document the browser downloads. Built on the client from the answers already on screen, so the
 * report says exactly what the reader sees; printing it from the browser gives a PDF.
 */
export interface ReportSection {
  heading: string;
  /** Label and value, both already in the reader's language and format. */
  rows: ReadonlyArray<readonly [label: string, value: string]>;
}

export interface PageReport {
  title: string;
  /** "Generated 25 Nov 2026, 18:04" in the reader's language. */
  generatedLine: string;
  language: string;
  sections: readonly ReportSection[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The report as a standalone HTML document: no script, no external resource, a print style. */
export function reportHtml(report: PageReport): string {
  const sections = report.sections
    .map((section) => {
      const rows = section.rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("");
      return `<section><h2>${escapeHtml(section.heading)}</h2><table>${rows}</table></section>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(report.language)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(report.title)}</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; color: #0f172a; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0; } h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; border-bottom: 1px solid #cbd5e1; }
p { color: #475569; margin: 0.25rem 0 1rem; } table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
th { font-weight: 500; width: 55%; } section { break-inside: avoid; }
</style>
</head>
<body>
<h1>${escapeHtml(report.title)}</h1>
<p>${escapeHtml(report.generatedLine)}</p>
${sections}
</body>
</html>
`;
}

/** A file name from the title and the day: "legacy-report-2026-11-25.html". */
export function reportFileName(title: string, day: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "report"}-${day}.html`;
}

/** Hands the report to the browser as a download. */
export function downloadReport(report: PageReport, day: string): void {
  const url = URL.createObjectURL(new Blob([reportHtml(report)], { type: "text/html;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = reportFileName(report.title, day);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
