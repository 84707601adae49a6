import type { ReactNode } from "react";
import { ExternalLink as ExternalLinkIcon } from "lucide-react";

/** A link that opens another site in a new tab, without giving that page a handle on this one. */
export function ExternalLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      data-testid={testId}
    >
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
      {children}
    </a>
  );
}
