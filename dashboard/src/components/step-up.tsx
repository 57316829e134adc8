import { ApiError } from '../api/api-error';
import { CurrentPasswordForm } from './current-password-form';
import { Dialog } from './dialog';
import { ErrorNotice } from './error-notice';

/** What the API answers when an action needs a fresh proof of identity (docs/portal.md). */
export function needsStepUp(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && (error.code === 'step_up_required' || error.code === 'step_up_failed')
  );
}

/**
 * Asks for the current password, the proof the API takes as step-up in the request body; the
 * action is then retried with it. `error` is the refusal of the last try, shown in the dialog.
 */
export function StepUpDialog({
  action,
  error,
  onSubmit,
  onClose,
}: {
  action: string;
  error: unknown;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Confirm it is you" onClose={onClose}>
      <p>{action} needs your current password.</p>
      {error && (error as ApiError).code === 'step_up_failed' ? <ErrorNotice error={error} /> : null}
      <CurrentPasswordForm onSubmit={onSubmit} autoFocus>
        <div className="actions">
          <button type="submit">Confirm</button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </CurrentPasswordForm>
    </Dialog>
  );
}
