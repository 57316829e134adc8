import { ErrorNotice } from './error-notice';
import { OneTimeCodeForm } from './one-time-code-form';
import { QrCode } from './qr-code';

/** What POST /v1/dev/me/mfa/totp answers: the key, as an otpauth:// URI for the QR code and as text. */
export interface TotpKey {
  otpauth_uri: string;
  secret: string;
}

/** What a screen says around the key and the first code: its own voice, same steps. */
export interface EnrolmentWording {
  /** Above the QR code: how to add it in the app. */
  scanHint: string;
  /** Before the key as text, for those who cannot scan. */
  keyLead: string;
  /** The first code's label. */
  codeLabel: string;
}

/**
 * The middle of setting up an authenticator app: the key as a QR code and as text to type by hand,
 * then a first code from the app that turns the factor on. `error` (the confirmation's refusal) is
 * shown above the code when the screen does not show it elsewhere.
 */
export function TotpEnrolment({
  enrolment,
  wording,
  onConfirm,
  pending,
  error,
}: {
  enrolment: TotpKey;
  wording: EnrolmentWording;
  onConfirm: (code: string) => void;
  pending?: boolean;
  error?: unknown;
}) {
  return (
    <>
      <p>{wording.scanHint}</p>
      <QrCode value={enrolment.otpauth_uri} label="QR code of the authenticator key" />
      <p>
        {wording.keyLead} <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      {error !== undefined && <ErrorNotice error={error} />}
      <OneTimeCodeForm label={wording.codeLabel} submitLabel="Turn on" onSubmit={onConfirm} pending={pending} />
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
