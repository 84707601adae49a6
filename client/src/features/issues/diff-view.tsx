import { useMemo } from "react";
import { FileCode2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { diffFileStats, parseUnifiedDiff, type DiffFile, type DiffLine, type DiffLineKind } from "./parse-unified-diff";

const ROW: Record<DiffLineKind, string> = {
  add: "bg-success/12",
  remove: "bg-destructive/10",
  context: "",
  header: "bg-muted/60 text-muted-foreground",
};

const MARKER: Record<DiffLineKind, { sign: string; className: string }> = {
  add: { sign: "+", className: "text-success-strong" },
  remove: { sign: "-", className: "text-destructive-strong" },
  context: { sign: " ", className: "" },
  header: { sign: "", className: "" },
};

/** The path lines are shown once in the file's title bar instead. */
const PATH_HEADER = /^(diff --git |index |--- |\+\+\+ )/;

type DiffViewProps = {
  /** A unified diff. */
  diff: string;
  showLineNumbers?: boolean;
  className?: string;
};

/** A unified diff as text rows: added lines green, removed red, each file scrolling sideways on its own. */
export function DiffView({ diff, showLineNumbers = true, className }: DiffViewProps) {
  const files = useMemo(() => parseUnifiedDiff(diff), [diff]);
  return (
    <div className={cn("grid min-w-0 gap-3", className)} data-testid="diff-view">
      {files.map((file, index) => (
        <DiffFileBlock key={index} file={file} showLineNumbers={showLineNumbers} />
      ))}
    </div>
  );
}

function DiffFileBlock({ file, showLineNumbers }: { file: DiffFile; showLineNumbers: boolean }) {
  const { t } = useTranslation();
  const path = file.newPath ?? file.oldPath;
  const stats = diffFileStats(file);
  const headers = path ? file.headers.filter((line) => !PATH_HEADER.test(line.text)) : file.headers;
  const columns = showLineNumbers ? 4 : 2;

  return (
    <div className="min-w-0 overflow-hidden rounded-md border" data-testid="diff-file">
      {path ? (
        <div className="flex items-center justify-between gap-2 border-b bg-muted/60 px-3 py-1.5 font-mono text-xs">
          <span className="flex min-w-0 items-center gap-1.5">
            <FileCode2 aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <span className="truncate" title={path}>
              {path}
            </span>
            {file.oldPath === null ? <span className="text-muted-foreground">{t("issues.diff.newFile")}</span> : null}
            {file.newPath === null ? <span className="text-muted-foreground">{t("issues.diff.deletedFile")}</span> : null}
          </span>
          <span className="shrink-0" aria-label={t("issues.diff.stats", { added: stats.added, removed: stats.removed })}>
            <span className="text-success-strong">+{stats.added}</span> <span className="text-destructive-strong">-{stats.removed}</span>
          </span>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse font-mono text-xs leading-5">
          <tbody>
            {headers.map((line, index) => (
              <DiffRow key={`h${index}`} line={line} showLineNumbers={showLineNumbers} />
            ))}
            {file.hunks.map((hunk, hunkIndex) => [
              <DiffRow key={`${hunkIndex}`} line={hunk.header} showLineNumbers={showLineNumbers} />,
              ...hunk.lines.map((line, lineIndex) => <DiffRow key={`${hunkIndex}.${lineIndex}`} line={line} showLineNumbers={showLineNumbers} />),
            ])}
            {headers.length === 0 && file.hunks.length === 0 ? (
              <tr>
                <td colSpan={columns} className="px-3 py-1 text-muted-foreground">
                  {t("issues.diff.noChanges")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function DiffRow({ line, showLineNumbers }: { line: DiffLine; showLineNumbers: boolean }) {
  const { t } = useTranslation();
  const marker = MARKER[line.kind];
  const numberCell = "w-px select-none whitespace-nowrap px-2 text-right align-top text-muted-foreground/80";
  return (
    <tr className={ROW[line.kind]} data-testid="diff-line" data-line-kind={line.kind}>
      {showLineNumbers ? (
        <>
          <td className={numberCell} aria-hidden="true">
            {line.oldNumber ?? ""}
          </td>
          <td className={cn(numberCell, "border-r")} aria-hidden="true">
            {line.newNumber ?? ""}
          </td>
        </>
      ) : null}
      <td className={cn("w-px select-none whitespace-pre pl-2 align-top", marker.className)}>
        <span aria-hidden="true">{marker.sign}</span>
        {line.kind === "add" ? <span className="sr-only">{t("issues.diff.added")}</span> : null}
        {line.kind === "remove" ? <span className="sr-only">{t("issues.diff.removed")}</span> : null}
      </td>
      <td className="whitespace-pre pl-1 pr-4" data-testid="diff-line-text">
        {line.text}
      </td>
    </tr>
  );
}
