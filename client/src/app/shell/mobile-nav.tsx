import { useState } from "react";
import type { UserRole } from "@contract/auth";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogOverlay, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarNav } from "./sidebar-nav";

/** The sidebar as a sliding sheet on narrow screens, where the fixed sidebar is hidden. */
export function MobileNav({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="lg:hidden" aria-label={t("nav.open")}>
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar shadow-lg outline-none data-[state=open]:animate-fade-in"
        >
          <DialogTitle className="sr-only">{t("nav.label")}</DialogTitle>
          <DialogPrimitive.Close
            aria-label={t("common.close")}
            className="absolute right-2 top-2 rounded-sm p-1 text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
          <SidebarBrand role={role} />
          <SidebarNav onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}
