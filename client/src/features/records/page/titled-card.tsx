import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A card with a title and nothing else in its header (a dashboard's panels): the title, then the content. */
export function TitledCard({ title, testId, className, children }: { title: ReactNode; testId?: string; className?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
