/** The password policy (src/identity/passwords/policy.ts) in a sentence, shown before it refuses one. */
export const PASSWORD_MIN_LENGTH = 12;

export function PasswordRules({ id }: { id: string }) {
  return (
    <p id={id} className="hint">
      At least {PASSWORD_MIN_LENGTH} characters; a phrase of a few words works well. Well-known passwords, keyboard or alphabet
      sequences, repeated patterns and your e-mail address are refused.
    </p>
  );
}
