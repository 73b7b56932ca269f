import { useEffect, useState } from 'react';
import { pageImage } from '../api';
import { errorText } from '../format';
import type { ResultField } from '../types';

interface Props {
  documentId: string;
  /** Bumped when the document changes (a new reading may mean new regions). */
  version: string;
  fields: [string, ResultField][];
  active: string | null;
  onPick: (key: string) => void;
}

/** The stored pages with every field's region drawn over them (regions are fractions of the page). */
export function PageViewer({ documentId, version, fields, active, onPick }: Props) {
  const [pages, setPages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const urls: string[] = [];
    (async () => {
      try {
        const first = await pageImage(documentId, 1);
        urls.push(first.url);
        for (let n = 2; n <= Math.min(first.pageCount, 20); n++) urls.push((await pageImage(documentId, n)).url);
        if (!cancelled) setPages([...urls]);
      } catch (err) {
        if (!cancelled) setError(errorText(err));
      }
    })();
    return () => {
      cancelled = true;
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [documentId, version]);

  if (error) return <p className="muted">No page image: {error}</p>;
  if (!pages.length)
    return (
      <p role="status" className="muted">
        Loading the pages…
      </p>
    );
  return (
    <div className="pages">
      {pages.map((url, i) => (
        <figure key={url} className="page">
          <div className="page-frame">
            <img src={url} alt={`Page ${i + 1} of the document`} />
            {fields
              .filter(([, f]) => f.region?.page === i + 1)
              .map(([key, f]) => {
                const [x0, y0, x1, y1] = f.region!.box;
                return (
                  <button
                    type="button"
                    key={key}
                    className={`region ${f.status}${active === key ? ' active' : ''}`}
                    data-field={key}
                    aria-label={`Region of ${key}`}
                    // The field list is the keyboard path (focusing a field highlights its box); the boxes are for the pointer.
                    tabIndex={-1}
                    title={key}
                    style={{ left: `${x0 * 100}%`, top: `${y0 * 100}%`, width: `${(x1 - x0) * 100}%`, height: `${(y1 - y0) * 100}%` }}
                    onClick={() => onPick(key)}
                  />
                );
              })}
          </div>
          <figcaption>Page {i + 1}</figcaption>
        </figure>
      ))}
    </div>
  );
}
