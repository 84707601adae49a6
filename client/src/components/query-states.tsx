import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { RetryAlert } from "@/components/retry-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";

type LoadingBlocksProps = {
  /** What is loading, for screen readers ("Loading notes…"). */
  label: string;
  /** How many grey blocks stand in for the content, each of `blockClassName`'s height. */
  blocks?: number;
  blockClassName?: string;
  className?: string;
};

/** Grey blocks where content is on its way, announced as busy: a card's or a page's loading state. */
export function LoadingBlocks({ label, blocks = 1, blockClassName = "h-12", className }: LoadingBlocksProps) {
  return (
    <div className={cn("grid gap-2", className)} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: blocks }, (_, index) => (
        <Skeleton key={index} className={blockClassName} />
      ))}
    </div>
  );
}

type QueryStatesProps<T> = {
  query: UseQueryResult<T>;
  loadingLabel: string;
  blocks?: number;
  blockClassName?: string;
  /** The failure said in the reader's language, given the server's message ("Notes could not be loaded: …"). */
  failedMessage: (message: string) => string;
  errorTestId?: string;
  /** What the loaded data shows, its empty state included. */
  children: (data: T) => ReactNode;
};

/**
 * One query's three states in a card: grey blocks while it loads, the failure with Try again, then what its data
 * shows. Each side card of the lead page has them, said the same way.
 */
export function QueryStates<T>({ query, loadingLabel, blocks, blockClassName, failedMessage, errorTestId, children }: QueryStatesProps<T>) {
  if (query.isPending) return <LoadingBlocks label={loadingLabel} blocks={blocks} blockClassName={blockClassName} />;
  if (query.isError) {
    return <RetryAlert message={failedMessage(apiErrorMessage(query.error))} onRetry={() => void query.refetch()} data-testid={errorTestId} />;
  }
  return <>{children(query.data)}</>;
}
