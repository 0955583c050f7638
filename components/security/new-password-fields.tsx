import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";

/** A new password, twice (fields `newPassword` and `confirmPassword`): for the change and the reset forms. */
export function NewPasswordFields({
  idPrefix,
  labels,
}: {
  idPrefix: string;
  labels: { new: string; newHint: string; confirm: string };
}) {
  return (
    <>
      <Field id={`${idPrefix}-new`} label={labels.new} hint={labels.newHint}>
        <Input id={`${idPrefix}-new`} name="newPassword" type="password" autoComplete="new-password" required />
      </Field>
      <Field id={`${idPrefix}-confirm`} label={labels.confirm}>
        <Input id={`${idPrefix}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" required />
      </Field>
    </>
  );
}
