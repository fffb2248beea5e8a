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

/** A process and all its descendants, in MiB. */
export function treeMemoryMiB(root: number): number {
  const all = processes();
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of all) if (inTree.has(ppid) && !inTree.has(pid)) (inTree.add(pid), (grew = true));
  }
  return [...inTree].reduce((sum, pid) => sum + pssKiB(pid), 0) / 1024;
}
