import { useId, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

type RefusedButtonProps = Omit<ComponentProps<typeof Button>, "onClick" | "disabled"> & {
  /** Why it does nothing, in the reader's language: the tooltip, and the button's accessible description. */
  reason: string;
  reasonTestId?: string;
};

/**
 * A button the signed-in role may not use: shown where it would be, focusable, doing nothing, saying why. It is
 * aria-disabled rather than disabled, because a disabled button gets no hover or focus, so no tooltip could explain
 * it; the reason is also its description, so a screen reader hears it without the tooltip.
 */
export function RefusedButton({ reason, reasonTestId, children, variant = "outline", size = "sm", ...props }: RefusedButtonProps) {
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button variant={variant} size={size} {...props} aria-disabled="true" aria-describedby={reasonId} onClick={(event) => event.preventDefault()}>
            {children}
          </Button>
        </TooltipTrigger>
        <TooltipContent data-testid={reasonTestId}>{reason}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </>
  );
}
