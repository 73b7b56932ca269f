import { useState, type FormEvent } from 'react';
import { publicApi } from '../api';
import { errorText } from '../format';
import { Link } from '../router';

export function SignUp() {
  const [form, setForm] = useState({ organisation: '', name: '', email: '', password: '' });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const body = { organisation: form.organisation, email: form.email, password: form.password, ...(form.name.trim() ? { name: form.name } : {}) };
      const answer = await publicApi<{ message: string }>('/v1/auth/signup', { method: 'POST', body });
      setDone(answer.message);
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (done) {
    return (
      <section className="card" aria-labelledby="signup-title">
        <h2 id="signup-title">Check your email</h2>
        <p role="status">{done}</p>
        <Link to="/">Sign in</Link>
      </section>
    );
  }
  return (
    <form onSubmit={submit} className="card" aria-labelledby="signup-title">
      <h2 id="signup-title">Create an account</h2>
      <label>
        Organisation
        <input name="organisation" required minLength={2} maxLength={100} value={form.organisation} onChange={set('organisation')} />
      </label>
      <label>
        Your name (optional)
        <input name="name" autoComplete="name" maxLength={100} value={form.name} onChange={set('name')} />
      </label>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
      </label>
      <label>
        Password (at least 10 characters)
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={256}
          value={form.password}
          onChange={set('password')}
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Create account</button>
      <p>
        Have an account? <Link to="/">Sign in</Link>
      </p>
    </form>
  );
}
