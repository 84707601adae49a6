// features/timeline's public entry: what other features may use of it.
export { LeadTimeline } from "./lead-timeline";
export { timelineKey } from "./timeline-queries";
