import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/error-notice';
import { PasswordField } from '../components/password-field';
import { signUp } from '../data/auth';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';

export function SignUp() {
  const [form, setForm] = useState({ email: '', password: '', agencyName: '', iataNumber: '' });
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = {
      email: form.email,
      password: form.password,
      ...(form.agencyName ? { agency_name: form.agencyName } : {}),
      ...(form.iataNumber ? { iata_number: form.iataNumber.trim() } : {}),
    };
    signUp(body).then(() => setSent(true), setError);
  };
  if (sent)
    return (
      <main className="narrow">
        <h1>Check your e-mail</h1>
        <p role="status">We sent a verification link to {form.email}. Open it, then sign in.</p>
        <button type="button" onClick={() => navigate(paths.overview)}>
          Go to sign-in
        </button>
      </main>
    );
  return (
    <main className="narrow">
      <h1>Create an account</h1>
      <ErrorNotice error={error} />
      <form onSubmit={submit}>
        <label>
          E-mail
          <input
            type="email"
            autoComplete="username"
            required
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </label>
        <PasswordField
          label="Password (at least 12 characters)"
          autoComplete="new-password"
          value={form.password}
          onChange={(password) => setForm({ ...form, password })}
        />
        <label>
          Agency name (optional)
          <input value={form.agencyName} onChange={(e) => setForm({ ...form, agencyName: e.target.value })} />
        </label>
        <label>
          IATA/BSP accreditation number (optional; 7 or 8 digits, needed to ticket in production)
          <input inputMode="numeric" value={form.iataNumber} onChange={(e) => setForm({ ...form, iataNumber: e.target.value })} />
        </label>
        <button type="submit">Create account</button>
      </form>
    </main>
  );
}
