import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;

describe('npm run eval', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docread-eval-cwd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves a relative --data against the folder npm was called from, not the package root', async () => {
    mkdirSync(join(dir, 'labelled'));
    // `--only none` runs no section: only the folder is looked up.
    const { stdout, stderr } = await run('npm', ['--prefix', ROOT, 'run', 'eval', '--silent', '--', '--data', 'labelled', '--only', 'none'], {
      cwd: dir,
      timeout: 60_000,
    });
    expect(stderr).not.toContain('no data folder');
    expect(stdout).toBe('');
  });
});
