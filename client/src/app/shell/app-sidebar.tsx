import type { UserRole } from "@contract/auth";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarNav } from "./sidebar-nav";

export function AppSidebar({ role }: { role: UserRole }) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-sidebar-border bg-sidebar lg:flex" data-testid="sidebar" data-app-sidebar="">
      <SidebarBrand role={role} />
      <SidebarNav />
    </aside>
  );
}
