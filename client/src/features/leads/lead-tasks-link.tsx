import { ListTodo } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Where a lead's tasks are listed: the Task Management screen narrowed to that lead. */
export function leadTasksPath(leadId: number): string {
  return `/tasks?leadId=${leadId}`;
}

/** An icon link to a lead's tasks, for a lead's row or detail. */
export function LeadTasksLink({ lead }: { lead: { id: number; businessName: string } }) {
  const { t } = useTranslation();
  return (
    <Link
      href={leadTasksPath(lead.id)}
      className={cn(buttonVariants({ variant: "ghost", size: "icon-sm" }))}
      aria-label={t("tasks.forLead.link", { name: lead.businessName })}
      title={t("tasks.forLead.short")}
      data-testid="lead-tasks-link"
    >
      <ListTodo aria-hidden="true" />
    </Link>
  );
}
