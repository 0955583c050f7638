"use client";

/**
 * One form kit on react-hook-form: the capability's zod schema checks the fields (limits, amount
 * rules, messages all come from it), each refusal is shown in the reader's language, and a
 * service's refusal lands on the field it is about or above the form.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type ReactNode, useId } from "react";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, FieldError as InlineError, Select } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { type IssueKind, issueKind, useIssueMessage } from "./issue-message";

type FormSchema = z.ZodType<unknown, FieldValues>;
/** A form of any schema, for parts that only read its state or register its fields. */
// biome-ignore lint/suspicious/noExplicitAny: the submitted values' type does not matter to them
export type AnyForm<V extends FieldValues = FieldValues> = UseFormReturn<V, any, any>;

/**
 * A field's own wording of a kind of refusal ("Enter the PIX key." rather than "Fill in this
 * field."), or one sentence for every refusal of the field.
 */
export type FieldMessages = Partial<Record<string, string | Partial<Record<IssueKind, string>>>>;

function fieldMessage(messages: FieldMessages | undefined, issue: z.core.$ZodIssue): string | undefined {
  const own = messages?.[issue.path.join(".")];
  return typeof own === "string" ? own : own?.[issueKind(issue)];
}

/**
 * A resolver of `schema` whose issues carry `wordIssue(issue)` as their message: the schemas word
 * their refusals in English for the doors, and their own messages outrank a parse-time error map,
 * so the issues are worded again after the parse.
 */
export function localizedResolver<S extends FormSchema>(schema: S, wordIssue: (issue: z.core.$ZodIssue) => string) {
  const localized = z.custom<FieldValues>().transform(async (value, ctx) => {
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, message: wordIssue(issue) } as never);
    return z.NEVER;
  });
  return zodResolver(localized) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
}

/** An optional text field: blank is absent (undefined), anything else is checked by `schema`. */
export function blankAsAbsent<S extends z.ZodType<unknown, string>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional());
}

/** useForm checked by `schema`; the submit handler receives the schema's output (amounts in centavos). */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  { messages, ...props }: UseFormProps<z.input<S>, unknown, z.output<S>> & { messages?: FieldMessages } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const issueMessage = useIssueMessage();
  const resolver = localizedResolver(schema, (issue) => fieldMessage(messages, issue) ?? issueMessage(issue));
  return useForm<z.input<S>, unknown, z.output<S>>({ ...props, resolver });
}

/**
 * A service's refusal ({ message, field } from useServiceError) on the form field it names
 * (`fields` maps the procedure's field names to the form's), else above the form.
 */
export function showServiceError<V extends FieldValues>(
  form: AnyForm<V>,
  { message, field }: { message: string; field: string | null },
  fields: Partial<Record<string, Path<V>>> = {},
): void {
  const name = field ? fields[field] : undefined;
  if (name) form.setError(name, { type: "server", message }, { shouldFocus: true });
  else form.setError("root.server", { type: "server", message });
}

/** The first refusal of a form whose checks span fields (shown once, above or below it). */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const [key, error] of Object.entries(errors)) {
    if (!error || key === "ref") continue;
    if (typeof error.message === "string") return error.message;
    const inner = firstErrorMessage(error as FieldErrors);
    if (inner) return inner;
  }
  return undefined;
}

/** The refusal shown above the form (showServiceError without a field), if any. */
export function FormAlert<V extends FieldValues>({ form }: { form: AnyForm<V> }) {
  const message = form.formState.errors.root?.server?.message;
  return message ? <Alert>{message}</Alert> : null;
}

/** The same refusal inline, under the last field (small dialogs), as an alert with `testId`. */
export function FormError<V extends FieldValues>({ form, testId }: { form: AnyForm<V>; testId: string }) {
  const message = form.formState.errors.root?.server?.message;
  return message ? (
    <InlineError alert testId={testId}>
      {message}
    </InlineError>
  ) : null;
}

export type ControlProps = UseFormRegisterReturn & { id: string } & ReturnType<typeof describedBy>;

/** A label, a registered control (rendered by `children`), a hint and the field's error. */
export function FormField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = `${useId()}${name}`;
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {children({ id, ...form.register(name), ...describedBy(id, error, hint) })}
    </Field>
  );
}

/** A FormField whose control is a large select of `children` (its options). */
export function SelectField<V extends FieldValues>({
  disabled,
  children,
  ...field
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <FormField {...field}>
      {(control) => (
        <Select {...control} size="lg" disabled={disabled}>
          {children}
        </Select>
      )}
    </FormField>
  );
}

/** What names a form's field: the form, the field's path, its label and hint. */
export type FieldOf<V extends FieldValues> = { form: AnyForm<V>; name: Path<V>; label: ReactNode; hint?: ReactNode };

/** A FormField whose control is an Input with `input`'s props (type, placeholder, limits...). */
export function InputField<V extends FieldValues>({
  input,
  ...field
}: FieldOf<V> & { input: ComponentProps<typeof Input> }) {
  return <FormField {...field}>{(control) => <Input {...control} {...input} />}</FormField>;
}
