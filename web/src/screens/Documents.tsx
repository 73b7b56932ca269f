import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { api, uploadFiles } from '../api';
import { STATUS_LABEL, errorText } from '../format';
import { Link } from '../router';
import type { DocumentList } from '../types';

const STATUSES = ['processing', 'verified', 'review', 'flagged', 'failed', 'rejected'];
const TYPES = ['passport', 'id_card', 'qid', 'visa', 'invoice', 'receipt', 'cv', 'unknown'];
const POLL_MS = 2000;

/** Upload by drag and drop or file picker, and the documents list with filters, search and live status. */
export function Documents() {
  const [filters, setFilters] = useState({ status: '', type: '', q: '' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DocumentList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ names: string; progress: number; error?: string; done?: boolean; refused?: string[] } | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const q = new URLSearchParams({ page: String(page), page_size: '25' });
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    try {
      setList(await api<DocumentList>(`/v1/documents?${q}`));
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [filters, page]);

  useEffect(() => {
    void load();
  }, [load]);

  // Live status: poll while any listed document is still being read.
  const reading = list?.items.some((d) => d.status === 'processing') ?? false;
  useEffect(() => {
    if (!reading) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [reading, load]);

  const send = async (files: File[]) => {
    if (!files.length) return;
    setUpload({ names: files.map((f) => f.name).join(', '), progress: 0 });
    try {
      const answer = (await uploadFiles(files, (progress) => setUpload((u) => u && { ...u, progress }))) as { items?: { filename?: string; error?: string }[] };
      // A batch answers per file: some may be refused while the others are read.
      const refused = (answer.items ?? [])
        .filter((i) => i.error)
        .map((i) => `${i.filename}: ${i.error === 'file_too_large' ? 'larger than the limit' : 'not a PNG, JPG, PDF or Word file'}`);
      setUpload((u) => u && { ...u, progress: 1, done: true, refused });
      setPage(1);
      await load();
    } catch (err) {
      setUpload((u) => u && { ...u, error: errorText(err) });
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send([...e.dataTransfer.files]);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setFilters({ ...filters, q: search.trim() });
  };
  const pages = list ? Math.max(1, Math.ceil(list.total / list.page_size)) : 1;

  return (
    <section aria-labelledby="docs-title">
      <h1 id="docs-title">Documents</h1>
      <div
        className={`drop${dragging ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p>Drop passports, ID cards, visas, invoices, receipts or CVs here (PNG, JPG, PDF, Word; up to 20 at once).</p>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Choose files
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          accept=".png,.jpg,.jpeg,.pdf,.docx,.doc"
          onChange={(e) => {
            void send([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        {upload && (
          <div className="upload" aria-live="polite">
            <label>
              Uploading {upload.names}
              <progress max={1} value={upload.progress} aria-label="Upload progress" />
            </label>
            {upload.error ? (
              <p className="error" role="alert">
                {upload.error}
              </p>
            ) : upload.done ? (
              <p className="ok">Uploaded; reading has started.</p>
            ) : null}
            {upload.refused?.length ? (
              <ul className="error" role="alert">
                {upload.refused.map((r) => (
                  <li key={r}>Refused {r}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>

      <form className="filters" onSubmit={onSearch} role="search">
        <label>
          Status
          <select
            value={filters.status}
            onChange={(e) => {
              setPage(1);
              setFilters({ ...filters, status: e.target.value });
            }}
          >
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select
            value={filters.type}
            onChange={(e) => {
              setPage(1);
              setFilters({ ...filters, type: e.target.value });
            }}
          >
            <option value="">All</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search (file name or id)
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>

      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list && (
        <>
          <table className="docs">
            <caption className="sr-only">Documents, newest first</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Outcome</th>
                <th scope="col">Uploaded (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((d) => (
                <tr key={d.id}>
                  <td data-label="File">
                    <Link to={`/documents/${d.id}`}>{d.name}</Link>
                  </td>
                  <td data-label="Type">{d.type}</td>
                  <td data-label="Status">
                    <span className={`badge ${d.status}`}>{STATUS_LABEL[d.status]}</span>
                  </td>
                  <td data-label="Outcome">{d.outcome.code ?? d.outcome.status}</td>
                  <td data-label="Uploaded">{d.uploaded_at.replace('T', ' ')}</td>
                </tr>
              ))}
              {list.items.length === 0 && (
                <tr>
                  <td colSpan={5}>No documents match.</td>
                </tr>
              )}
            </tbody>
          </table>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages} ({list.total} documents)
            </span>
            <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
