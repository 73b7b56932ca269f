import { readFile } from 'node:fs/promises';

/** Resident memory of a process in MB, from /proc (Linux); null where unavailable. */
export async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
