import { ErrorNotice } from './error-notice';
import { OneTimeCodeForm } from './one-time-code-form';
import { QrCode } from './qr-code';

/** What POST /v1/dev/me/mfa/totp answers: the key, as an otpauth:// URI for the QR code and as text. */
export interface TotpKey {
  otpauthUri: string;
  secret: string;
}

/**
 * The middle of setting up an authenticator app: the key as a QR code and as text to type by hand,
 * then a first code from the app that turns the factor on. `error` (the confirmation's refusal) is
 * shown above the code when the screen does not show it elsewhere.
 */
export function TotpEnrolment({
  enrolment,
  scanHint,
  keyLead,
  codeLabel,
  onConfirm,
  pending,
  error,
}: {
  enrolment: TotpKey;
  scanHint: string;
  keyLead: string;
  codeLabel: string;
  onConfirm: (code: string) => void;
  pending?: boolean;
  error?: unknown;
}) {
  return (
    <>
      <p>{scanHint}</p>
      <QrCode value={enrolment.otpauthUri} label="QR code of the authenticator key" />
      <p>
        {keyLead} <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      {error !== undefined && <ErrorNotice error={error} />}
      <OneTimeCodeForm label={codeLabel} submitLabel="Turn on" onSubmit={onConfirm} pending={pending} />
    </>
  );
}

/** The recovery codes, answered once when the factor is turned on; each signs in once instead of the app. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <ul className="codes" aria-label="Recovery codes">
      {codes.map((c) => (
        <li key={c}>
          <code>{c}</code>
        </li>
      ))}
    </ul>
  );
}
