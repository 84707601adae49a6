// features/kpi's public entry: what other features may use of it.
export { LeadKpiCard } from "./lead-kpi-card";
