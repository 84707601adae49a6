import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";

/*
 * Each element Markdown makes, styled like the rest of the app (the app has no typography plugin, so nothing else
 * styles them). A table reads as a table: spaced cells with a line under each row, and a scroll box of its own when it
 * is wider than the card, so the card and the page never scroll sideways.
 */
const components: Components = {
  h1: ({ node: _node, className, ...props }) => <h1 className={cn("mt-4 mb-2 text-lg font-semibold first:mt-0", className)} {...props} />,
  h2: ({ node: _node, className, ...props }) => <h2 className={cn("mt-4 mb-2 text-base font-semibold first:mt-0", className)} {...props} />,
  h3: ({ node: _node, className, ...props }) => <h3 className={cn("mt-3 mb-1.5 font-semibold first:mt-0", className)} {...props} />,
  p: ({ node: _node, className, ...props }) => <p className={cn("my-2 first:mt-0 last:mb-0", className)} {...props} />,
  ul: ({ node: _node, className, ...props }) => <ul className={cn("my-2 ml-5 list-disc", className)} {...props} />,
  ol: ({ node: _node, className, ...props }) => <ol className={cn("my-2 ml-5 list-decimal", className)} {...props} />,
  li: ({ node: _node, className, ...props }) => <li className={cn("my-0.5", className)} {...props} />,
  // A link in stored text opens nothing that can reach back into this page (window.opener) nor learn where it came from.
  a: ({ node: _node, className, ...props }) => <a className={cn("text-primary underline underline-offset-2", className)} {...props} rel="noopener noreferrer" />,
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote className={cn("my-2 border-l-2 pl-3 text-muted-foreground", className)} {...props} />
  ),
  code: ({ node: _node, className, ...props }) => <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]", className)} {...props} />,
  pre: ({ node: _node, className, ...props }) => (
    <pre className={cn("my-2 overflow-x-auto rounded-md bg-muted p-3 [&_code]:bg-transparent [&_code]:p-0", className)} {...props} />
  ),
  hr: ({ node: _node, className, ...props }) => <hr className={cn("my-4", className)} {...props} />,
  table: ({ node: _node, className, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table className={cn("border-collapse text-sm", className)} {...props} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th className={cn("border-b px-3 py-1.5 text-left align-bottom text-xs font-medium text-muted-foreground first:pl-0 last:pr-0", className)} {...props} />
  ),
  td: ({ node: _node, className, ...props }) => <td className={cn("border-b px-3 py-1.5 align-top first:pl-0 last:pr-0", className)} {...props} />,
};

/** A stored Markdown body (a succession document, a knowledge article), without raw HTML: react-markdown skips it. */
export function MarkdownBody({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("text-sm break-words", className)} data-testid="markdown-body">
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {children}
      </Markdown>
    </div>
  );
}
