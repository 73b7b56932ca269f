import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { NoticeLine, useNotice } from '../components/Notice';
import type { Me } from '../types';

/** What is left to verify: the email link (resend) and the phone number (WhatsApp code). */
export function Account({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const [phone, setPhone] = useState(me.phone ?? '');
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const { notice, run } = useNotice();
  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('/v1/auth/phone', { method: 'POST', body: { phone: phone.trim() } });
      setCodeSent(true);
      return 'A WhatsApp code is on its way.';
    });
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('/v1/auth/phone/verify', { method: 'POST', body: { code: code.trim() } });
      setCodeSent(false);
      setCode('');
      onChanged();
      return 'Your phone number is verified.';
    });
  };

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <dl className="facts">
        <dt>Organisation</dt>
        <dd>
          {me.organisation.name} ({me.organisation.plan} plan)
        </dd>
        <dt>Email</dt>
        <dd>
          {me.email} — {me.email_verified ? 'verified' : 'not verified'}
        </dd>
        <dt>Role</dt>
        <dd>{me.role}</dd>
        <dt>Phone</dt>
        <dd>
          {me.phone ?? 'none'} — {me.phone_verified ? 'verified' : 'not verified'}
        </dd>
      </dl>
      {!me.email_verified && (
        <button
          type="button"
          onClick={() =>
            run(async () => {
              await api('/v1/auth/verify-email/resend', { method: 'POST' });
              return 'The verification link was sent again.';
            })
          }
        >
          Send the email link again
        </button>
      )}
      {!codeSent ? (
        <form onSubmit={sendCode} className="card">
          <h2>{me.phone_verified ? 'Change phone number' : 'Verify your phone number'}</h2>
          <label>
            Phone number (international format, e.g. +97450123456)
            <input name="phone" type="tel" autoComplete="tel" required pattern="\+[1-9]\d{7,14}" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </label>
          <button type="submit">Send WhatsApp code</button>
        </form>
      ) : (
        <form onSubmit={confirm} className="card">
          <h2>Enter the WhatsApp code</h2>
          <label>
            Code
            <input
              name="phone-code"
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
          <button type="submit">Verify phone</button>
        </form>
      )}
      <NoticeLine notice={notice} />
    </section>
  );
}
