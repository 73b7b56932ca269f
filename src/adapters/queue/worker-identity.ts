/** Who holds a lease: `host:pid:nonce`, where host names this machine's process space (the host
 * name, and on Linux the PID namespace, so two containers sharing a host name never judge each
 * other's processes). A process can then tell whether a lease of its own host belongs to a
 * process that is gone (kill -9, a crash) and take the work back at once, instead of waiting out
 * the lease; leases of other hosts still wait for their expiry. */
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

function pidNamespace(): string {
  try {
    // "pid:[4026531836]" → "4026531836"
    return readlinkSync('/proc/self/ns/pid').replace(/\D/g, '');
  } catch {
    return '';
  }
}

/** This process space; ':' would break the parsing below. */
export const LOCAL_HOST = `${hostname()}${pidNamespace() ? `#${pidNamespace()}` : ''}`.replace(/:/g, '_').slice(0, 150);

/** Identities handed out in this process (several queues may live in one). */
const ours = new Set<string>();

export function workerIdentity(pid = process.pid, host = LOCAL_HOST): string {
  const id = `${host}:${pid}:${randomBytes(4).toString('hex')}`;
  if (pid === process.pid) ours.add(id);
  return id;
}

function parse(workerId: string): { host: string; pid: number } | null {
  const m = /^(.*):(\d+):[0-9a-f]+$/.exec(workerId);
  return m ? { host: m[1]!, pid: Number(m[2]) } : null;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user holds the pid, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder is certainly gone: a process of this host that no longer runs, or an
 * earlier process that had this process's pid (its identity was not handed out here). Anything
 * else (another host, an unknown format, a live pid) is left to its lease. */
export function holderIsGone(holder: string): boolean {
  const h = parse(holder);
  if (!h || h.host !== LOCAL_HOST) return false;
  if (h.pid === process.pid) return !ours.has(holder);
  return !processAlive(h.pid);
}
