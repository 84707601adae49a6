/**
 * Where a knowledge article opens from elsewhere (the command palette): the Innovation page's Knowledge tab, then the
 * article's title, focused and scrolled into view once the list has drawn it. Kept out of the page's chunk so the
 * palette (in the first chunk) can name it without loading the page.
 */
export const KNOWLEDGE_TAB_PATH = "/innovation?tab=knowledge";

/** The article's title in the Knowledge tab's list (KnowledgePanel marks it with data-knowledge-article-id). */
export const knowledgeArticleSelector = (id: number) => `[data-knowledge-article-id="${id}"]`;
