import { useEffect, useState } from 'react';
import { api } from '../api';
import { errorText } from '../format';
import type { Usage } from '../types';

export function UsagePanel() {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<Usage>('/v1/usage').then(setUsage, (err) => setError(errorText(err)));
  }, []);
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!usage) return <p role="status">Loading…</p>;
  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      <div className="card">
        <p>
          <strong>{usage.used}</strong> of {usage.quota ?? 'unlimited'} documents this month ({usage.period}, {usage.plan} plan)
        </p>
        {usage.quota !== null && (
          <meter min={0} max={usage.quota} value={usage.used} aria-label="Documents used of the monthly quota">
            {usage.used}
          </meter>
        )}
        <dl className="facts">
          <dt>Remaining</dt>
          <dd>{usage.remaining ?? 'unlimited'}</dd>
          <dt>Resets</dt>
          <dd>{usage.resets_at.replace('T', ' ')} UTC</dd>
          <dt>Uploads an hour</dt>
          <dd>{usage.uploads_per_hour === null ? 'no cap' : `${usage.uploads_this_hour_remaining ?? 0} of ${usage.uploads_per_hour} left this hour`}</dd>
        </dl>
      </div>
    </section>
  );
}
