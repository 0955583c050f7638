"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { Icon } from "@/components/ui/icons";
import { markRefusedFields, type RefusedMark, refusedFieldsOf } from "./refused-fields";
import { showServiceError } from "./schema-form";
import { useServiceError } from "./service-error";

/** What useCreateSubmit reads of its mutation (TanStack Query's, whose input the form's output fits). */
type CreateMutation<Out, Data> = {
  isPending: boolean;
  mutate: (input: Out, options: { onSuccess: (created: Data) => void; onError: (cause: unknown) => void }) => void;
};

/**
 * The submit handler of a "new …" page's form: `mutation` runs with the schema's output; once it
 * succeeds, the queries under `refresh` reload and the page goes to `href(created)`. A refusal marks
 * each refused field `mark` knows with its sentence, else shows the service's sentence above the form.
 */
export function useCreateSubmit<V extends FieldValues, Out, Data>(
  form: UseFormReturn<V, unknown, Out>,
  mutation: CreateMutation<Out, Data>,
  {
    mark,
    refresh,
    href,
  }: {
    mark: (field: string) => RefusedMark<V> | null;
    refresh: Parameters<QueryClient["invalidateQueries"]>[0];
    href: (created: Data) => string;
  },
) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  return form.handleSubmit((input) => {
    if (mutation.isPending) return;
    mutation.mutate(input, {
      onSuccess: (created) => {
        void queryClient.invalidateQueries(refresh);
        router.push(href(created));
      },
      onError: (cause) => {
        if (!markRefusedFields(form, refusedFieldsOf(cause), mark)) showServiceError(form, explain(cause));
      },
    });
  });
}

/** A create form's submit button, at the end of the form: `icon` and `messages("submit")`, or `messages("creating")` while it runs. */
export function CreateButton({
  pending,
  icon: IconComponent,
  messages,
  disabled,
  testId,
}: {
  pending: boolean;
  icon: Icon;
  messages: (key: "submit" | "creating") => string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex justify-end">
      <Button type="submit" loading={pending} disabled={disabled} className="w-full sm:w-auto" data-testid={testId}>
        {pending ? null : <IconComponent className="size-4" />}
        {pending ? messages("creating") : messages("submit")}
      </Button>
    </div>
  );
}
