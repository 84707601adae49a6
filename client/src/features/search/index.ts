// features/search's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { GlobalSearchCard } from "./global-search-card";
export { useGlobalSearch } from "./search-queries";
