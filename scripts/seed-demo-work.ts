import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { StageOutcome } from "@contract/pipeline";
import { englishText, notificationMessages, type NotificationMessage } from "@contract/server-messages";
import type { TaskPriority, TaskRecurrence, TaskStatus } from "@contract/tasks";
import type { Database } from "../server/src/db/client";
import { leads, notifications, pipelineStages, tasks, technicalIssues, users } from "../server/src/db/schema";

const DAY = 86_400_000;

/**
 * The stages the demo leads already name (seed-demo.ts: STAGE_FOR_STATUS), in funnel order, with their outcomes: the
 * demo's converted leads are in Won and its lost ones in Lost. 'New' stays implicit: leads without a stage, and those
 * named 'New', count there.
 */
const STAGES: readonly { name: string; outcome: StageOutcome }[] = [
  { name: "Contacted", outcome: "open" },
  { name: "Proposal", outcome: "open" },
  { name: "Won", outcome: "won" },
  { name: "Lost", outcome: "lost" },
];

interface DemoTask {
  title: string;
  description?: string;
  /** Days from today (negative: overdue); absent: no due date. */
  dueInDays?: number;
  priority: TaskPriority;
  status: TaskStatus;
  recurrence?: TaskRecurrence;
  /** Which demo lead (by creation order) the task is about. */
  lead?: number;
  /** Which demo issue (by creation order) the task follows up. */
  issue?: number;
}

const TASKS: DemoTask[] = [
  { title: "Call back about the onboarding quote", description: "They asked for the 20-seat price with annual billing.", dueInDays: -3, priority: "high", status: "open", lead: 0 },
  { title: "Send the signed contract to accounting", dueInDays: -1, priority: "medium", status: "in_progress", lead: 1 },
  { title: "Prepare the product demo", description: "Focus on the revenue dashboard and the mobile app.", dueInDays: 0, priority: "high", status: "open", lead: 2 },
  { title: "Weekly pipeline review", description: "Walk through every lead in Proposal with the team.", dueInDays: 0, priority: "medium", status: "open", recurrence: "weekly" },
  { title: "Check the inbox for website form leads", dueInDays: 0, priority: "low", status: "open", recurrence: "daily" },
  { title: "Follow up on the pricing questions", dueInDays: 2, priority: "medium", status: "open", lead: 3 },
  { title: "Monthly KPI report for management", description: "YTD revenue, MRR and conversion by source.", dueInDays: 9, priority: "medium", status: "open", recurrence: "monthly" },
  { title: "Schedule the kick-off meeting", dueInDays: 4, priority: "low", status: "open", lead: 4 },
  { title: "Confirm the CSV export fix with the reporter", dueInDays: -5, priority: "high", status: "open", issue: 0, lead: 0 },
  { title: "Update the case study draft", priority: "low", status: "open" },
  { title: "Collect testimonials from converted customers", dueInDays: 14, priority: "low", status: "open" },
  { title: "Send the welcome pack", dueInDays: -8, priority: "medium", status: "completed", lead: 5 },
  { title: "Clean up duplicate contacts", dueInDays: -2, priority: "low", status: "completed" },
  { title: "Renew the trade-show booth booking", dueInDays: -10, priority: "high", status: "open" },
];

/** What the header bell shows each staff member: a few read, most not. */
const notificationsOn = (overdueDay: string): (NotificationMessage & { type: string; link: string; isRead: boolean })[] => [
  { type: "task_reminder", code: "task.overdue", params: { dueDate: overdueDay, title: "Renew the trade-show booth booking" }, link: "/tasks", isRead: false },
  { type: "task_reminder", code: "task.due_today", params: { title: "Prepare the product demo" }, link: "/tasks", isRead: false },
  { type: "pipeline", code: "lead.moved", params: { actor: "Priya Shah", businessName: "Café Lumière", stage: "Proposal" }, link: "/productivity", isRead: false },
  { type: "task", code: "task.assigned", params: { actor: "Tom Becker", title: "Follow up on the pricing questions" }, link: "/tasks", isRead: false },
  { type: "pipeline", code: "lead.moved", params: { actor: "Lucía Romero", businessName: "Mañana Software", stage: "Won" }, link: "/productivity", isRead: true },
  { type: "task", code: "task.assigned", params: { actor: "Alex Morgan", title: "Schedule the kick-off meeting" }, link: "/tasks", isRead: true },
];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DemoWorkResult {
  stagesAdded: number;
  tasksAdded: number;
  notificationsAdded: number;
  /** Nobody could be given the tasks or be told anything: no staff account exists yet. */
  noStaff: boolean;
}

/**
 * Pipeline stages for the demo leads' stage names, tasks (some recurring, some overdue, some done) shared among the
 * staff accounts that exist, and notifications for each of them. Safe to run again: stages by name, tasks by title and
 * notifications by message are added only when missing.
 */
export async function seedDemoWork(db: Database, now = new Date()): Promise<DemoWorkResult> {
  const stagesAdded = await db
    .insert(pipelineStages)
    .values(STAGES.map(({ name, outcome }, index) => ({ name, outcome, position: index + 1 })))
    .onConflictDoNothing()
    .returning({ id: pipelineStages.id });

  // People who can sign in (a password, or a sign-in through single sign-on): the demo staff that seed:demo adds for
  // its leads have neither until invited, and the tasks and notifications are for whoever is trying the demo.
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(or(isNotNull(users.passwordHash), isNotNull(users.lastLoginAt)))
    .orderBy(asc(users.id));
  const demoLeads = await db.select({ id: leads.id }).from(leads).orderBy(asc(leads.id)).limit(10);
  const demoIssues = await db.select({ id: technicalIssues.id }).from(technicalIssues).orderBy(asc(technicalIssues.id)).limit(3);

  const existing = await db
    .select({ title: tasks.title })
    .from(tasks)
    .where(inArray(tasks.title, TASKS.map((t) => t.title)));
  const present = new Set(existing.map((t) => t.title));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows = TASKS.filter((t) => !present.has(t.title)).map((task) => {
    const index = TASKS.indexOf(task);
    const createdAt = new Date(now.getTime() - (20 - index) * DAY);
    return {
      title: task.title,
      description: task.description ?? null,
      dueDate: task.dueInDays === undefined ? null : isoDay(today + task.dueInDays * DAY),
      priority: task.priority,
      status: task.status,
      recurrence: task.recurrence ?? null,
      leadId: task.lead === undefined ? null : (demoLeads[task.lead]?.id ?? null),
      issueId: task.issue === undefined ? null : (demoIssues[task.issue]?.id ?? null),
      assigneeId: staff.length > 0 ? staff[index % staff.length]!.id : null,
      completedAt: task.status === "completed" ? new Date(now.getTime() - DAY) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const tasksAdded = rows.length > 0 ? await db.insert(tasks).values(rows).returning({ id: tasks.id }) : [];
  // Demo tasks seeded before anyone could sign in go to the staff once there is some.
  if (staff.length > 0) {
    for (const [index, task] of TASKS.entries()) {
      await db
        .update(tasks)
        .set({ assigneeId: staff[index % staff.length]!.id })
        .where(and(eq(tasks.title, task.title), isNull(tasks.assigneeId)));
    }
  }

  let notificationsAdded = 0;
  const overdueDay = isoDay(today - 10 * DAY);
  // Stored as the app stores them: a code with params, rendered in each reader's language, and its English.
  const messages = notificationsOn(overdueDay).map((n) => ({ ...n, message: englishText(notificationMessages[n.code], n.params) }));
  for (const member of staff) {
    const email = member.email.toLowerCase();
    const had = await db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userEmail, email), inArray(notifications.message, messages.map((m) => m.message))));
    const seen = new Set(had.map((h) => h.message));
    const missing = messages.filter((m) => !seen.has(m.message));
    if (missing.length === 0) continue;
    // A few minutes apart, the first newest, so the bell lists them in the order above.
    await db.insert(notifications).values(
      missing.map((m, i) => ({
        userEmail: email,
        type: m.type,
        code: m.code,
        params: m.params,
        message: m.message,
        link: m.link,
        isRead: m.isRead,
        createdAt: sql`now() - ${`${(i + 1) * 7} minutes`}::interval`,
      })),
    );
    notificationsAdded += missing.length;
  }

  return { stagesAdded: stagesAdded.length, tasksAdded: tasksAdded.length, notificationsAdded, noStaff: staff.length === 0 };
}

/** The line `npm run seed:demo` prints about this part. */
export function describeDemoWork(result: DemoWorkResult): string {
  const base = `Added ${result.stagesAdded} pipeline stages, ${result.tasksAdded} tasks (some recurring, some overdue) and ${result.notificationsAdded} notifications.`;
  return result.noStaff ? `${base} No staff account exists yet: after set-up, run this again to give the tasks and notifications to the staff.` : base;
}
