// The layering rule of src/: imports run one way, from the top folder down, and no file imports
// itself back through others. A pure function over file texts, so its own test can feed it a
// deliberately wrong set of files; test/architecture/layers.test.ts runs it over src/ in `npm test`.
// Written here rather than taken from dependency-cruiser: that needs Node 22 and TypeScript's JS
// API, and TypeScript 7 (native) has none.
import { posix } from 'node:path';

/** A folder under src/ and its rank: a file imports only from folders of a lower rank. */
export const LAYERS: Readonly<Record<string, number>> = {
  http: 9,
  services: 8,
  capture: 7,
  outputs: 7,
  pipeline: 6,
  verification: 5,
  doctypes: 4,
  readers: 3,
  imaging: 2,
  adapters: 2,
  config: 1,
  domain: 0,
};

/** The composition root: files directly in src/ that wire everything together, free to import any folder. */
export const ROOT_FILES: ReadonlySet<string> = new Set(['src/app.ts', 'src/runtime.ts', 'src/cli.ts', 'src/serve-cluster.ts']);

export interface ImportEdge {
  /** The importing file, relative to the repository (`src/readers/tesseract.ts`). */
  from: string;
  /** The imported file, resolved the way TypeScript's NodeNext does for our sources. */
  to: string;
  /** The specifier as written, for the message. */
  specifier: string;
  line: number;
}

export type Violation = { kind: 'layer'; from: string; to: string; line: number; rule: string } | { kind: 'cycle'; files: string[] };

/** Relative specifiers of every import in a file: static, `import type`, `export … from`, side-effect and dynamic `import('…')`. */
export function importSpecifiers(source: string): Array<{ specifier: string; line: number }> {
  const code = blankCommentsAndStrings(source);
  const found = new Map<number, { specifier: string; line: number }>(); // by the quote's offset: one import, one entry
  // Matched on the blanked code (so a comment or a string that looks like an import is not one),
  // then the specifier is read back from the original text at the same offsets.
  const patterns = [
    /\b(?:import|export)\s+[\w$*{}\s,]*?\bfrom\s*(['"])/g, // import x, { a, type b }, * as n, type … from '…'
    /\bimport\s*(['"])/g, // import '…' (side effect)
    /\bimport\s*\(\s*(['"])/g, // import('…')
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const quoteAt = match.index + match[0].length - 1;
      const quote = source[quoteAt]!;
      const end = source.indexOf(quote, quoteAt + 1);
      if (end < 0) continue;
      const specifier = source.slice(quoteAt + 1, end);
      if (!specifier.startsWith('.')) continue; // packages and node: builtins are outside the rule
      found.set(quoteAt, { specifier, line: lineAt(source, quoteAt) });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The source with comments, and the contents of strings, templates and regex literals, replaced by
 * spaces: offsets and line numbers stay the same, and only code can match an import pattern. The
 * quotes themselves are kept so a specifier's opening quote can be found.
 */
function blankCommentsAndStrings(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  // Brace depth at which each open template's `${` began, to know when `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  let lastSignificant = ''; // the last non-space code character, to tell a regex from a division
  let i = 0;
  const n = source.length;
  const scanTemplate = (start: number): number => {
    // From just after ` or }, up to the closing ` or the start of a `${`.
    let j = start;
    while (j < n) {
      const c = source[j];
      if (c === '\\') j += 2;
      else if (c === '`') {
        blank(start, j);
        return j + 1;
      } else if (c === '$' && source[j + 1] === '{') {
        blank(start, j);
        templates.push(depth);
        depth++;
        return j + 2;
      } else j++;
    }
    blank(start, n);
    return n;
  };
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = c;
    } else if (c === '`') {
      i = scanTemplate(i + 1);
      lastSignificant = '`';
    } else if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) || endsWithKeyword(source, i))) {
      // A regex literal: skip to its closing slash, minding classes and escapes.
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        const d = source[j];
        if (d === '\\') j += 2;
        else {
          if (d === '[') inClass = true;
          else if (d === ']') inClass = false;
          else if (d === '/' && !inClass) break;
          j++;
        }
      }
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = '/';
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (templates.length > 0 && templates[templates.length - 1] === depth) {
          templates.pop();
          i = scanTemplate(i + 1);
          lastSignificant = '`';
          continue;
        }
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out.join('');
}

/** Whether the code before a `/` ends in a keyword after which an expression (so a regex) starts. */
function endsWithKeyword(source: string, at: number): boolean {
  return /\b(?:return|typeof|case|do|else|in|of|void|yield|await|throw|delete|instanceof)\s*$/.test(source.slice(Math.max(0, at - 12), at));
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Resolve a relative specifier as NodeNext does for TypeScript sources: `x.js` is `x.ts`, a folder is its `index.ts`. */
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.jsx$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => files.has(c)) ?? candidates[0]!;
}

export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const names = new Set(files.keys());
  const edges: ImportEdge[] = [];
  for (const [from, source] of files) {
    for (const { specifier, line } of importSpecifiers(source)) {
      edges.push({ from, to: resolveSpecifier(from, specifier, names), specifier, line });
    }
  }
  return edges;
}

type Place = { kind: 'folder'; folder: string; rank: number } | { kind: 'root' } | { kind: 'unranked'; folder: string } | { kind: 'outside' };

function placeOf(file: string): Place {
  if (!file.startsWith('src/')) return { kind: 'outside' };
  if (ROOT_FILES.has(file)) return { kind: 'root' };
  const parts = file.split('/');
  if (parts.length === 2) return { kind: 'unranked', folder: file };
  const folder = parts[1]!;
  const rank = LAYERS[folder];
  return rank === undefined ? { kind: 'unranked', folder: `src/${folder}` } : { kind: 'folder', folder, rank };
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Why an import breaks the layering, or undefined when it is allowed. */
export function layerRuleBroken(from: string, to: string): string | undefined {
  const source = placeOf(from);
  const target = placeOf(to);
  if (source.kind === 'outside' || source.kind === 'root') return undefined;
  if (source.kind === 'unranked') return `${source.folder} has no rank in the layering (add it to LAYERS in scripts/layers.ts)`;
  if (target.kind === 'outside') {
    if (isTest(from) && to.startsWith('test/')) return undefined; // a test may use the shared test helpers and fixtures
    return `src/${source.folder} imports from outside src/`;
  }
  if (target.kind === 'root') return `src/${source.folder} (rank ${source.rank}) imports the composition root, which only imports others`;
  if (target.kind === 'unranked') return `${target.folder} has no rank in the layering (add it to LAYERS in scripts/layers.ts)`;
  if (target.folder === source.folder) return undefined;
  if (target.rank === source.rank) {
    return `${source.folder} (rank ${source.rank}) imports its sibling ${target.folder} (rank ${target.rank}); same-rank folders stay apart`;
  }
  if (target.rank > source.rank) return `${source.folder} (rank ${source.rank}) imports upward from ${target.folder} (rank ${target.rank})`;
  return undefined;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm, iterative. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, []);
    if (!graph.has(to)) graph.set(to, []);
    graph.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node)!;
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** Every import against the layering, and every cycle of imports, among the given files (path → source text). */
export function checkLayers(files: ReadonlyMap<string, string>): Violation[] {
  const edges = importEdges(files);
  const violations: Violation[] = [];
  const byPlace = [...edges].sort((a, b) => (a.from === b.from ? a.line - b.line : a.from < b.from ? -1 : 1));
  for (const edge of byPlace) {
    const rule = layerRuleBroken(edge.from, edge.to);
    if (rule) violations.push({ kind: 'layer', from: edge.from, to: edge.to, line: edge.line, rule });
  }
  for (const files of importCycles(edges)) violations.push({ kind: 'cycle', files });
  return violations;
}

/** One line per import against the layering, one block per cycle. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) =>
      v.kind === 'layer' ? `${v.from}:${v.line} → ${v.to}: ${v.rule}` : `cycle of ${v.files.length} files:\n${v.files.map((f) => `  ${f}`).join('\n')}`,
    )
    .join('\n');
}
