import { useCallback, type ComponentType, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export interface PageTab<Name extends string = string> {
  name: Name;
  icon: LucideIcon;
  Content: ComponentType;
}

/**
 * A screen of tabs (the monitoring pages, Innovation, Customer Success): the open tab lives in the URL (`?tab=`, none
 * for the first, where the screen starts), so a tab can be linked and survives a reload; `actions` (a report or
 * create button) sit at the top right, wrapping below the tab list on narrow screens.
 */
export function TabbedPage<Name extends string>({
  tabs,
  listLabel,
  tabLabel,
  actions,
  dense = false,
}: {
  tabs: readonly PageTab<Name>[];
  listLabel: string;
  tabLabel: (name: Name) => string;
  actions?: ReactNode;
  /** Long tab names: tighter tabs, icons only on the widest screens, so the six still fit at 1280 px. */
  dense?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.name;
  const requested = tabs.find((tab) => tab.name === params.get("tab"));
  const open = requested?.name ?? first;
  const showTab = useCallback(
    (next: string) => {
      if (!tabs.some((tab) => tab.name === next)) return;
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === first) updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      });
    },
    [tabs, first, setParams],
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Tabs value={open} onValueChange={showTab}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList aria-label={listLabel} className="max-w-full overflow-x-auto">
            {tabs.map(({ name, icon: Icon }) => (
              <TabsTrigger key={name} value={name} className={dense ? "px-2" : "px-2 sm:px-3"}>
                <Icon aria-hidden="true" className={dense ? "hidden 2xl:block" : "hidden sm:block"} />
                {tabLabel(name)}
              </TabsTrigger>
            ))}
          </TabsList>
          {actions ? <div className="ml-auto">{actions}</div> : null}
        </div>
        {tabs.map(({ name, Content }) => (
          <TabsContent key={name} value={name} className="grid gap-4">
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
