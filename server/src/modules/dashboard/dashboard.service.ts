import type { DashboardStats } from "@contract/dashboard";
import type { Database } from "../../db/client";
import { dashboardSnapshot } from "./dashboard.data";

export const dashboardStats = (db: Database): Promise<DashboardStats> => dashboardSnapshot(db);
