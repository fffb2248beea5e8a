import { readdirSync, readFileSync } from 'node:fs';

/*
 * Memory of processes as their proportional set size (Linux /proc): a page shared by several processes (a browser's
 * libraries, the shared memory between Chromium and its renderers, Node's code in each worker) is split between them.
 * Summing resident sizes instead counts such a page once per process, several times over for one browser.
 */

function pssKiB(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // the process ended while being read
  }
}

/** Each process: its id, its parent's and its command name. */
function processes(): { pid: number; ppid: number; name: string }[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      // `pid (name) state ppid …`: the name may hold spaces and parentheses, so read from the last `)`.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      return [{ pid: Number(pid), ppid: Number(stat.slice(close + 2).split(' ')[1]), name: stat.slice(stat.indexOf('(') + 1, close) }];
    } catch {
      return [];
    }
  });
}

/** All Chromium processes on the machine, in MiB. */
export function chromiumMemoryMiB(): number {
  return processes().filter((process) => /chrom/i.test(process.name)).reduce((sum, process) => sum + pssKiB(process.pid), 0) / 1024;
}

/** A process and all its descendants: ids and command names. */
export function processTree(root: number): { pid: number; ppid: number; name: string }[] {
  const all = processes();
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of all) if (inTree.has(ppid) && !inTree.has(pid)) (inTree.add(pid), (grew = true));
  }
  return all.filter((process) => inTree.has(process.pid));
}

/** A process and all its descendants, in MiB. */
export function treeMemoryMiB(root: number): number {
  return processTree(root).reduce((sum, process) => sum + pssKiB(process.pid), 0) / 1024;
}

/** Browsers (a Chromium whose parent is no Chromium) running on the machine, by process id. */
export function browserProcesses(): Set<number> {
  const all = processes();
  const chromium = new Set(all.filter((process) => /chrom/i.test(process.name)).map((process) => process.pid));
  return new Set(all.filter((process) => chromium.has(process.pid) && !chromium.has(process.ppid)).map((process) => process.pid));
}

/** One process's resident set (VmRSS) in MiB, and its open file descriptors; zeros once it has ended. */
export function residentOf(pid: number): { rssMiB: number; fds: number } {
  try {
    const rssKiB = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return { rssMiB: rssKiB / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return { rssMiB: 0, fds: 0 };
  }
}

/** Proportional set size of some processes, in MiB. */
export function pssMiB(pids: Iterable<number>): number {
  let kib = 0;
  for (const pid of pids) kib += pssKiB(pid);
  return kib / 1024;
}
