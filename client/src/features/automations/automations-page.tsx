import { useState } from "react";
import { automationEndpoints, type AutomationWorkflow } from "@contract/automations";
import { AutomationForm } from "./automation-form";
import { AutomationList } from "./automation-list";
import { RoleNote, WhenAllowed } from "@/components/when-allowed";

/** AI Automation (spec §2): the form to create (or edit) a workflow, ready templates, and the workflows with their run logs. */
export default function AutomationsPage() {
  const [editing, setEditing] = useState<AutomationWorkflow | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <WhenAllowed endpoint={automationEndpoints.create} fallback={<RoleNote />}>
        <AutomationForm editing={editing} onDoneEditing={() => setEditing(null)} />
      </WhenAllowed>
      <AutomationList onEdit={setEditing} />
    </div>
  );
}
