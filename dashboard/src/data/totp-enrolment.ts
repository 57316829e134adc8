import { useState } from 'react';
import { useConfirmTotp, useStartTotp } from './me';

/**
 * The steps of setting up an authenticator app: `start` (the current password, answering the key
 * as `enrolment`), `confirm` (a first code, answering the recovery codes, kept in `recoveryCodes`
 * until dismissed). `onConfirmed` runs once the factor is on.
 */
export function useTotpEnrolment(onConfirmed?: () => void) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useStartTotp();
  const confirm = useConfirmTotp({
    onSuccess: (answer) => {
      start.reset();
      setRecoveryCodes(answer.recovery_codes);
      onConfirmed?.();
    },
  });
  return { start, confirm, enrolment: start.data, recoveryCodes, dismissRecoveryCodes: () => setRecoveryCodes(null) };
}
