import { useCallback, useState } from 'react';
import { errorText } from '../format';

/** The one line a screen shows after an action: a status when it went well, an alert when not. */
export type Notice = { ok: boolean; text: string } | null;

export function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'}>
      {notice.text}
    </p>
  );
}

/** A screen's notice and the way every action sets it: cleared first, the action's own text when it
 * returns one, the API's error text when it throws. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice>(null);
  const run = useCallback(async (action: () => Promise<string | void>) => {
    setNotice(null);
    try {
      const text = await action();
      if (text) setNotice({ ok: true, text });
    } catch (err) {
      setNotice({ ok: false, text: errorText(err) });
    }
  }, []);
  return { notice, setNotice, run };
}
