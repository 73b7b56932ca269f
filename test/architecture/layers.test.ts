import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, formatViolations, importSpecifiers } from '../../scripts/layers.js';

const repo = join(import.meta.dirname, '..', '..');

function sources(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(repo, path).split(sep).join('/'), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('layering of src/', () => {
  it('has no import against the layers and no import cycle', () => {
    const files = sources('src');
    expect(files.size).toBeGreaterThan(100); // the walk found the sources, so a pass means something
    // Compared as text so a failure lists each violation on its own line: file:line → imported file: rule.
    expect(formatViolations(checkLayers(files))).toBe('');
  });
});

describe('the layering check', () => {
  it('reads every form of import, and none in comments or strings', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.js';",
      "import * as e from './e.js';",
      "import f, { g } from './f.js';",
      "import './side-effect.js';",
      "export { h } from './h.js';",
      "export * from './star.js';",
      "export type { I } from './i.js';",
      "const j = await import('./lazy.js');",
      "import { z } from 'zod';",
      "// import { no } from './commented.js';",
      "/* export * from './blocked.js'; */",
      'const text = "import { no } from \'./in-a-string.js\'";',
      "const glob = 'src/**/*.ts'; import { k } from './after-glob.js';",
      "const tpl = `${x} import('./in-a-template.js')`;",
      "const re = /['\"]/; import { l } from './after-regex.js';",
    ].join('\n');
    expect(importSpecifiers(source).map((s) => s.specifier)).toEqual([
      './a.js',
      '../b.js',
      './c.js',
      './e.js',
      './f.js',
      './side-effect.js',
      './h.js',
      './star.js',
      './i.js',
      './lazy.js',
      './after-glob.js',
      './after-regex.js',
    ]);
    expect(importSpecifiers(source).find((s) => s.specifier === './c.js')?.line).toBe(6);
  });

  it('fails an import that goes up a layer, or sideways to a sibling', () => {
    const violations = checkLayers(
      new Map([
        ['src/readers/tesseract.ts', "import { reconcile } from '../pipeline/reconcile.js';"],
        ['src/pipeline/reconcile.ts', 'export const reconcile = 1;'],
        ['src/capture/frame.ts', "import type { Sheet } from '../outputs/xlsx.js';"],
        ['src/outputs/xlsx.ts', 'export type Sheet = 1;'],
      ]),
    );
    expect(violations).toEqual([
      {
        kind: 'layer',
        from: 'src/capture/frame.ts',
        to: 'src/outputs/xlsx.ts',
        line: 1,
        rule: 'capture (rank 7) imports its sibling outputs (rank 7); same-rank folders stay apart',
      },
      {
        kind: 'layer',
        from: 'src/readers/tesseract.ts',
        to: 'src/pipeline/reconcile.ts',
        line: 1,
        rule: 'readers (rank 3) imports upward from pipeline (rank 6)',
      },
    ]);
  });

  it('allows imports downward, within a folder, from the composition root, and of test helpers by tests', () => {
    const violations = checkLayers(
      new Map([
        ['src/pipeline/run.ts', "import { a } from '../domain/ids.js';\nimport { b } from './steps/index.js';"],
        ['src/pipeline/steps/index.ts', "import { c } from '../../readers/tesseract.js';"],
        ['src/readers/tesseract.ts', 'export const c = 1;'],
        ['src/domain/ids.ts', 'export const a = 1;'],
        ['src/app.ts', "import { d } from './http/server.js';"],
        ['src/http/server.ts', 'export const d = 1;'],
        ['src/readers/tesseract.test.ts', "import { e } from '../../test/helpers/text-images.js';"],
      ]),
    );
    expect(violations).toEqual([]);
  });

  it('fails a cycle of imports, type-only ones included, naming its files', () => {
    const violations = checkLayers(
      new Map([
        ['src/doctypes/types.ts', "import type { Registry } from './registry.js';"],
        ['src/doctypes/registry.ts', "import { passport } from './passport.js';"],
        ['src/doctypes/passport.ts', "import type { Doctype } from './types.js';"],
        ['src/doctypes/visa.ts', "import type { Doctype } from './types.js';"],
      ]),
    );
    expect(violations).toEqual([{ kind: 'cycle', files: ['src/doctypes/passport.ts', 'src/doctypes/registry.ts', 'src/doctypes/types.ts'] }]);
    expect(formatViolations(violations)).toContain('cycle of 3 files');
  });

  it('fails a folder the layering does not rank, and a source importing from outside src/', () => {
    const violations = checkLayers(
      new Map([
        ['src/helpers/x.ts', 'export const x = 1;'],
        ['src/pipeline/run.ts', "import { x } from '../helpers/x.js';\nimport { h } from '../../test/helpers/harness.js';"],
      ]),
    );
    expect(violations.map((v) => v.kind === 'layer' && v.rule)).toEqual([
      'src/helpers has no rank in the layering (add it to LAYERS in scripts/layers.ts)',
      'src/pipeline imports from outside src/',
    ]);
  });
});
