import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/** A password being chosen, with the policy it must meet shown under it and tied to it for screen readers. */
export function NewPasswordFields({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" describedBy="password-rules" value={value} onChange={onChange} />
      <PasswordRules id="password-rules" />
    </>
  );
}
