import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';

/** Kysely builds and compiles a query anew on every call: for the few statements every upload
 * runs, more CPU than SQLite spends running them. A template is built and compiled once per dialect
 * with marker values in place of its arguments; a call then only puts its arguments where the
 * markers were. Only for queries whose text does not depend on the arguments' values. */
type Slot = { arg: number } | { value: unknown };
interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

const MARKER = '\u0000docread-statement-argument:';
const templates = new WeakMap<DialectAdapter, Map<string, Template>>();

function templateFor(db: Kysely<any>, key: string, arity: number, build: (args: unknown[]) => Compilable<unknown>): Template {
  const adapter = db.getExecutor().adapter;
  let byKey = templates.get(adapter);
  if (!byKey) templates.set(adapter, (byKey = new Map()));
  let template = byKey.get(key);
  if (!template) {
    const markers = Array.from({ length: arity }, (_, i) => `${MARKER}${i}`);
    const compiled = build(markers).compile();
    const slots = compiled.parameters.map(
      (p): Slot => (typeof p === 'string' && p.startsWith(MARKER) ? { arg: Number(p.slice(MARKER.length)) } : { value: p }),
    );
    // An argument the builder did not pass through as a parameter (inlined, or transformed) would be lost.
    const passed = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
    if (passed.size !== arity || compiled.sql.includes(MARKER)) throw new Error(`statement template ${key}: an argument is not a parameter`);
    template = { compiled, slots };
    byKey.set(key, template);
  }
  return template;
}

function fill(template: Template, args: readonly unknown[]): CompiledQuery {
  return { ...template.compiled, parameters: template.slots.map((s) => ('arg' in s ? args[s.arg] : s.value)) };
}

/** `build(...args)` compiled, from a template kept under `key` (one key, one query shape). */
export function fromTemplate<R, A extends readonly unknown[]>(db: Kysely<any>, key: string, args: A, build: (args: A) => Compilable<R>): CompiledQuery<R> {
  // The markers stand in for the arguments: the builder only places them.
  return fill(templateFor(db, key, args.length, build as unknown as (markers: unknown[]) => Compilable<unknown>), args) as CompiledQuery<R>;
}

/** `insert into table (…) values (…)` of one row of plain values (no SQL expressions), from a
 * template per table and set of columns (an undefined value leaves its column out, as Kysely does). */
export function insertRow(db: Kysely<any>, table: string, row: object): CompiledQuery {
  const columns = Object.keys(row).filter((c) => (row as Record<string, unknown>)[c] !== undefined);
  const key = `insert:${table}:${columns.join(',')}`;
  const args = columns.map((c) => (row as Record<string, unknown>)[c]);
  return fill(
    templateFor(db, key, columns.length, (markers) => db.insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, markers[i]])))),
    args,
  );
}
