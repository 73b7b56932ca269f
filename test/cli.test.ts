import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfWithText } from './fixtures/files.js';

const run = promisify(execFile);
const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'docread-cli-'));
const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args], { env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });

describe('docread CLI', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, then creates a key that it prints alone on the last line', async () => {
    expect((await cli('migrate')).stdout).toMatch(/applied|up to date/);
    const { stdout } = await cli('keys', 'create', '--org', 'Acme Ltd');
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^mk_live_[0-9A-Za-z]{43}$/);
    expect(lines[0]).toContain('Acme Ltd');
    const again = await cli('keys', 'create', '--org', 'Acme Ltd');
    expect(again.stdout).not.toContain('created;');
    expect(again.stdout.trim().split('\n').at(-1)).not.toBe(lines.at(-1));
  });

  it('reads a file in-process and prints the document JSON', async () => {
    const file = join(dir, 'note.pdf');
    writeFileSync(file, pdfWithText(['Quarterly note', 'Nothing to see here']));
    const { stdout } = await cli('read', file);
    const doc = JSON.parse(stdout);
    expect(doc.id).toMatch(/^DOC_/);
    expect(doc.name).toBe('note.pdf');
    expect(doc.status).not.toBe('processing');
    expect(doc.result.readers).toContain('text_layer');
  });
});
