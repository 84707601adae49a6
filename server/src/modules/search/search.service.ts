import { knowledgeArticleFamily } from "@contract/records/innovation";
import { endpointsOf } from "@contract/records/schemas";
import type { SearchResult } from "@contract/search";
import { taskEndpoints } from "@contract/tasks";
import type { Database } from "../../db/client";
import type { EndpointAccess } from "@contract/access-policy";
import { hasPermission, type Principal } from "../../kernel/principal";
import { searchGroups, type SearchKinds } from "./search.data";

const mayCall = (principal: Principal, access: EndpointAccess) => access === "public" || access === "signedIn" || hasPermission(principal, access);

/**
 * The groups beyond the search's own permission that this caller may read: a task or an article is found only for
 * a caller who may read it through its own list (the permission that list endpoint declares).
 */
export function searchKindsFor(principal: Principal): SearchKinds {
  return {
    tasks: mayCall(principal, taskEndpoints.list.permission),
    articles: mayCall(principal, endpointsOf(knowledgeArticleFamily).list.permission),
  };
}

/**
 * Leads, affiliates, technical issues (by description), lead notes (by their words), tasks and knowledge articles (by
 * title), each group ranked and capped, with its total. A group `kinds` leaves out (searchKindsFor) is empty and counts 0.
 */
export async function globalSearch(db: Database, q: string, kinds: SearchKinds): Promise<SearchResult> {
  const groups = await searchGroups(db, q, kinds);
  return {
    leads: groups.leads,
    affiliates: groups.affiliates,
    issues: groups.issues,
    notes: groups.notes,
    tasks: groups.tasks,
    articles: groups.articles,
    totals: {
      leads: groups.leadsTotal,
      affiliates: groups.affiliatesMatched,
      issues: groups.issuesMatched,
      notes: groups.notesMatched,
      tasks: groups.tasksMatched,
      articles: groups.articlesMatched,
    },
  };
}
