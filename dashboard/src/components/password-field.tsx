/**
 * A labelled password input. `autoComplete` tells password managers which one it is: the saved one
 * to fill in, or a new one to generate and save.
 */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  autoFocus,
  describedBy,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  describedBy?: string;
}) {
  return (
    <label>
      {label}
      <input
        type="password"
        autoComplete={autoComplete}
        required
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
