import { Skeleton } from "@/components/ui/skeleton";

/** Shown while a route's chunk loads; shaped like a typical page so the layout does not jump. */
export function PageFallback() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="page-loading">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
