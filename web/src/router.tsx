import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** A small history-API router: the dashboard's paths live under /app/. */
const BASE = '/app';

export function currentPath(): string {
  const p = window.location.pathname;
  return p.startsWith(BASE) ? p.slice(BASE.length) || '/' : '/';
}

export function navigate(path: string): void {
  window.history.pushState(null, '', BASE + path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): { path: string; query: URLSearchParams } {
  const [state, setState] = useState(() => ({ path: currentPath(), search: window.location.search }));
  useEffect(() => {
    const update = () => setState({ path: currentPath(), search: window.location.search });
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return { path: state.path, query: new URLSearchParams(state.search) };
}

export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={BASE + to} onClick={onClick} {...rest} />;
}
