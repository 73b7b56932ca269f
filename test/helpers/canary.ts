import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every occurrence of `needle` in every file under `dir`, as file → count (files with none left out). */
export function findInFiles(dir: string, needle: string): Record<string, number> {
  const found: Record<string, number> = {};
  const bytes = Buffer.from(needle);
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (st.isFile()) {
        const data = readFileSync(path);
        let n = 0;
        for (let at = data.indexOf(bytes); at !== -1; at = data.indexOf(bytes, at + 1)) n++;
        if (n) found[path.slice(dir.length + 1)] = n;
      }
    }
  };
  walk(dir);
  return found;
}
