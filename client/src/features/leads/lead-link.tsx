import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/utils";
import { leadPagePath } from "./lead-page-path";

type LeadLinkProps = {
  id: number;
  /** What the link says (and its tooltip): the lead's name as the place showing it names it. */
  name: string;
  className?: string;
  /** The link's text when it is not just the name (react-i18next's Trans passes the translated words here). */
  children?: ReactNode;
  /** Inside a draggable card: false, so dragging from the name drags the card, not the link's address. */
  draggable?: boolean;
  "data-testid"?: string;
};

/** A lead's name that opens its page, /leads/{id}: how every screen that shows a lead reaches it. */
export function LeadLink({ id, name, className, children, draggable, "data-testid": testId = "lead-link" }: LeadLinkProps) {
  return (
    <Link
      href={leadPagePath(id)}
      className={cn("underline-offset-4 hover:underline", className)}
      title={name}
      draggable={draggable}
      data-testid={testId}
      data-lead-id={id}
    >
      {children ?? name}
    </Link>
  );
}
