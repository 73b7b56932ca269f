import { useEffect, useState } from 'react';
import { publicApi } from '../api';
import { errorText } from '../format';
import { Link } from '../router';

/** The page the emailed link opens: it confirms the address through the API. */
export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    publicApi(`/v1/auth/verify-email?token=${encodeURIComponent(token)}`)
      .then(() => setState({ ok: true, text: 'Your email address is verified.' }))
      .catch((err) => setState({ ok: false, text: errorText(err) }));
  }, [token]);
  return (
    <section className="card" aria-labelledby="verify-title">
      <h2 id="verify-title">Email verification</h2>
      {state === null ? (
        <p role="status">Checking the link…</p>
      ) : (
        <p role={state.ok ? 'status' : 'alert'} className={state.ok ? 'ok' : 'error'}>
          {state.text}
        </p>
      )}
      <Link to="/">Continue to sign in</Link>
    </section>
  );
}
