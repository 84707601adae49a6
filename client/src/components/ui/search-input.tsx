import type { ComponentProps } from "react";
import { Search } from "lucide-react";
import { cn } from "@/lib/utils";
import { Input } from "./input";

/** A search box with its magnifier inside: the filter-as-you-type field of every list. */
export function SearchInput({ className, wrapperClassName, ...props }: ComponentProps<typeof Input> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" className={cn("pl-8", className)} {...props} />
    </div>
  );
}
