/** fastify-type-provider-zod writes every registered schema twice, `X` for answers and `XInput`
 * for requests, whether or not a route uses it and whether or not the two differ. A reader of the
 * docs sees one name per shape: pairs that are the same shape merge into `X`, schemas no route
 * reaches are dropped, and an input-only schema keeps its plain name. Only pairs that really differ
 * (defaults make a request field optional that an answer always has) stay as `X` and `XInput`. */

type Json = unknown;
const INPUT = 'Input';
const REF_PREFIX = '#/components/schemas/';

function mapRefs(value: Json, rename: (name: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX) ? REF_PREFIX + rename(v.slice(REF_PREFIX.length)) : mapRefs(v, rename);
  }
  return out;
}

function collectRefs(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) into.add(v.slice(REF_PREFIX.length));
      else collectRefs(v, into);
    }
  }
}

export function mergeIoSchemas<T extends object>(doc: T): T {
  const { components, paths: docPaths } = doc as { components?: { schemas?: Record<string, Json> }; paths?: Json };
  const schemas = components?.schemas;
  if (!schemas) return doc;
  // Greatest set of pairs that are equal when every pair in the set is taken as merged.
  let pairs = new Set(Object.keys(schemas).filter((n) => n.endsWith(INPUT) && schemas[n.slice(0, -INPUT.length)] !== undefined));
  for (let changed = true; changed; ) {
    changed = false;
    const merged = (name: string) => (pairs.has(name) ? name.slice(0, -INPUT.length) : name);
    for (const name of pairs) {
      if (JSON.stringify(mapRefs(schemas[name], merged)) !== JSON.stringify(mapRefs(schemas[name.slice(0, -INPUT.length)], merged))) {
        pairs = new Set([...pairs].filter((p) => p !== name));
        changed = true;
      }
    }
  }
  const merged = (name: string) => (pairs.has(name) ? name.slice(0, -INPUT.length) : name);
  let paths = mapRefs(docPaths, merged);
  let kept: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(schemas)) if (!pairs.has(name)) kept[name] = mapRefs(schema, merged);

  // Only what a route reaches, directly or through another schema.
  const reached = new Set<string>();
  collectRefs(paths, reached);
  for (const queue = [...reached]; queue.length; ) {
    const found = new Set<string>();
    collectRefs(kept[queue.pop()!], found);
    for (const n of found) if (!reached.has(n)) reached.add(n), queue.push(n);
  }
  kept = Object.fromEntries(Object.entries(kept).filter(([n]) => reached.has(n)));

  // An input schema whose answer twin is not used needs no suffix.
  const plain = (name: string) => (name.endsWith(INPUT) && kept[name.slice(0, -INPUT.length)] === undefined ? name.slice(0, -INPUT.length) : name);
  paths = mapRefs(paths, plain);
  const renamed = Object.fromEntries(Object.entries(kept).map(([n, s]) => [plain(n), mapRefs(s, plain)]));
  const sorted = Object.fromEntries(
    Object.keys(renamed)
      .sort()
      .map((n) => [n, renamed[n]]),
  );
  return { ...doc, paths, components: { ...components, schemas: sorted } } as T;
}
