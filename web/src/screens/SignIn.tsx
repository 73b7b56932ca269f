import { useState, type FormEvent } from 'react';
import { login, loginWithCode } from '../api';
import { errorText } from '../format';
import { Link } from '../router';

/** Email and password, then the WhatsApp code when the account has a verified phone. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [preToken, setPreToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (preToken) {
        await loginWithCode(preToken, code.trim());
        onSignedIn();
      } else {
        const answer = await login(email, password);
        if (answer.signedIn) onSignedIn();
        else setPreToken(answer.preToken);
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="card" aria-labelledby="signin-title">
      <h2 id="signin-title">{preToken ? 'Enter your WhatsApp code' : 'Sign in'}</h2>
      {preToken ? (
        <>
          <p>We sent a 6-digit code to your phone by WhatsApp. It is valid for 10 minutes.</p>
          <label>
            Code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
        </>
      ) : (
        <>
          <label>
            Email
            <input name="email" type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {preToken ? 'Verify code' : 'Sign in'}
      </button>
      {preToken ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setPreToken(null);
            setCode('');
          }}
        >
          Start again
        </button>
      ) : (
        <p>
          No account? <Link to="/signup">Create one</Link>
        </p>
      )}
    </form>
  );
}
