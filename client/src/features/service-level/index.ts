// features/service-level's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { ServiceLevelCard } from "./service-level-card";
