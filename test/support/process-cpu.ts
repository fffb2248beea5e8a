import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by all processes whose command name matches, from /proc. */
export function cpuSecondsOf(name: RegExp): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!name.test(stat.slice(stat.indexOf('(') + 1, close))) continue;
      // After the name: state, ppid, … utime is the 12th field from there, stime the 13th.
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended while being read
    }
  }
  return ticks / TICKS_PER_SECOND;
}
