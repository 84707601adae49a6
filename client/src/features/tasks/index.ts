// The tasks feature's public entry: what other features may use (the Task Management page itself is mounted by app/routes.ts).
export { TaskCreateDialog } from "./task-create-dialog";
export { LeadTasksCard } from "./lead-tasks-card";
