"use client";

import { Button } from "@/components/ui/button";
import { FileTextIcon } from "@/components/ui/icons";

export function PrintButton({ label }: { label: string }) {
  return (
    <Button onClick={() => window.print()} data-testid="print-button">
      <FileTextIcon className="size-4" />
      {label}
    </Button>
  );
}
