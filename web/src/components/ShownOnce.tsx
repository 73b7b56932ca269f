/** A secret the server shows once (an API key, a signing secret): kept in the page's memory only
 * until the person says it is copied. */
export function ShownOnce({ label, value, testId, onDone }: { label: string; value: string; testId: string; onDone: () => void }) {
  return (
    <div className="card secret" role="status" aria-live="polite">
      <p>{label}: copy it now, it is shown only once.</p>
      <code data-testid={testId}>{value}</code>
      <div>
        <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(value)}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}
