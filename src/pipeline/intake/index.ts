/** Intake: opens an untrusted file in a sandbox process and turns it into pages (images for OCR,
 * text with positions where the file has it). The server process only passes bytes and waits. */
import type { FileKind } from '../../domain/document-types.js';
import type { IntakeResult } from '../types.js';
import type { IntakeLimits } from './limits.js';
import { SandboxPool, type SandboxPoolOptions } from './sandbox-pool.js';

export { IntakeError, type IntakeErrorCode } from './errors.js';
export { DEFAULT_INTAKE_LIMITS, intakeLimits, type IntakeLimits, type ZipLimits } from './limits.js';
export { SandboxPool, DEFAULT_POOL_OPTIONS, type SandboxPoolOptions } from './sandbox-pool.js';
export { sniffFileKind } from './sniff.js';

let sharedPool: SandboxPool | undefined;
let sharedOptions: Partial<SandboxPoolOptions> = {};

/** Sets the shared pool's options (size, recycling, heap cap); takes effect for a new pool. */
export function configureIntakeSandbox(options: Partial<SandboxPoolOptions>): void {
  sharedOptions = options;
}

/** Kills the shared pool's processes (idle ones never keep the process alive on their own). */
export async function closeIntakeSandbox(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}

/** Reads a file whose kind was sniffed from its bytes. Rejects with IntakeError (a person-readable
 * reason) when the file cannot be read within the limits; with `signal.reason` when aborted. */
export function intakeFile(
  bytes: Buffer,
  kind: FileKind,
  limits: IntakeLimits,
  opts: { signal?: AbortSignal; pool?: SandboxPool } = {},
): Promise<IntakeResult> {
  const pool = opts.pool ?? (sharedPool ??= new SandboxPool({ heapMb: limits.memoryMb, ...sharedOptions }));
  const timeoutMs = kind === 'doc' ? Math.min(limits.timeoutMs, limits.docTimeoutMs) : limits.timeoutMs;
  return pool.run(bytes, kind, limits, timeoutMs, opts.signal);
}
