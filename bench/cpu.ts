import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { elasticsearchPid, SHARED_ELASTICSEARCH } from '../scripts/services/elasticsearch';
import { postmasterPid, SHARED_POSTGRES } from '../scripts/services/postgres';

/**
 * CPU time of the processes a request runs through, from /proc/<pid>/stat (utime + stime,
 * in clock ticks) read before and after a measurement. A server is its process and every
 * live descendant: the API under tsx is a wrapper and the node it spawns, Postgres the
 * postmaster and its backends (the pool's connections live through the run), Elasticsearch
 * one JVM. The whole machine's busy time (/proc/stat) is read too, so CPU spent by anything
 * else (other work sharing the cores) shows as "rest of the machine".
 */

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of one process in ticks, or undefined once it is gone. Fields after the ')' of the command name. */
function processTicks(pid: number): { ticks: number; ppid: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** Ticks of every live process by pid, with its parent. */
function allProcesses(): Map<number, { ticks: number; ppid: number }> {
  const result = new Map<number, { ticks: number; ppid: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = processTicks(Number(entry));
    if (info) result.set(Number(entry), info);
  }
  return result;
}

/** The root and its live descendants. */
function tree(root: number, processes: Map<number, { ppid: number }>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of processes) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const pids: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    if (!processes.has(pid)) continue;
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Busy ticks of the whole machine (every state but idle and iowait), from /proc/stat. */
function machineBusyTicks(): number {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice (guest is already in user)
  return numbers.slice(0, 8).reduce((sum, value) => sum + value, 0) - numbers[3] - numbers[4];
}

interface Snapshot {
  perGroup: Map<string, Map<number, number>>;
  self: NodeJS.CpuUsage;
  machine: number;
  at: number;
}

export interface CpuReading {
  /** CPU seconds of each named process tree during the measurement. */
  seconds: Record<string, number>;
  /** The same per process of each tree (pid -> seconds): one Postgres backend's share, say. */
  perProcess: Record<string, Map<number, number>>;
  loadGeneratorSeconds: number;
  /** Busy CPU seconds of the machine not in any measured process. */
  restSeconds: number;
  /** Wall-clock seconds between start() and stop() (an open-loop run lasts until its last answer). */
  elapsedSeconds: number;
  /** Groups whose process could not be found (e.g. an external Elasticsearch). */
  missing: string[];
}

/**
 * Measures the CPU of named process trees between start() and stop(). `roots` maps a name
 * to its root pid (undefined: not found, reported as missing).
 */
export class CpuMeter {
  private before?: Snapshot;

  constructor(private readonly roots: Record<string, number | undefined>) {}

  private snapshot(): Snapshot {
    const processes = allProcesses();
    const perGroup = new Map<string, Map<number, number>>();
    for (const [name, root] of Object.entries(this.roots)) {
      const ticks = new Map<number, number>();
      if (root !== undefined) for (const pid of tree(root, processes)) ticks.set(pid, processes.get(pid)!.ticks);
      perGroup.set(name, ticks);
    }
    return { perGroup, self: process.cpuUsage(), machine: machineBusyTicks(), at: Date.now() };
  }

  start(): void {
    this.before = this.snapshot();
  }

  stop(): CpuReading {
    if (!this.before) throw new Error('CpuMeter.stop() before start()');
    const after = this.snapshot();
    const hz = ticksPerSecond();
    const seconds: Record<string, number> = {};
    const perProcess: Record<string, Map<number, number>> = {};
    const missing: string[] = [];
    for (const [name, ticksAfter] of after.perGroup) {
      if (ticksAfter.size === 0) missing.push(name);
      const ticksBefore = this.before.perGroup.get(name)!;
      // A process started during the run counts from zero; one that ended is lost (rare: pools keep their connections).
      let total = 0;
      perProcess[name] = new Map();
      for (const [pid, ticks] of ticksAfter) {
        const used = ticks - (ticksBefore.get(pid) ?? 0);
        total += used;
        perProcess[name].set(pid, used / hz);
      }
      seconds[name] = total / hz;
    }
    const self = process.cpuUsage(this.before.self);
    const loadGeneratorSeconds = (self.user + self.system) / 1e6;
    const measured = Object.values(seconds).reduce((sum, value) => sum + value, 0) + loadGeneratorSeconds;
    const restSeconds = Math.max(0, (after.machine - this.before.machine) / hz - measured);
    return { seconds, perProcess, loadGeneratorSeconds, restSeconds, missing, elapsedSeconds: (after.at - this.before.at) / 1000 };
  }
}

/** The oldest live process whose command line has this argument (its tree is every process it started). */
function processWithArgument(argument: string): number | undefined {
  const pids = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).sort((a, b) => a - b);
  return pids.find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(argument);
    } catch {
      return false;
    }
  });
}

/** Whether a service URL names this machine (its process is then ours to measure). */
const isLocal = (url: string | undefined) => {
  if (!url) return true;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The servers of a bench run: the API's process, and the shared Elasticsearch and Postgres
 * from the service launchers' pid files (`es-logs/elasticsearch.pid`, `pg-data/postmaster.pid`
 * in the cache directory; a node whose pid file is gone is found by its data path, or its main
 * class, on its command line), also when ELASTICSEARCH_URL or DATABASE_URL name them on this
 * machine; undefined where the run uses servers elsewhere.
 */
export function serverPids(apiPid: number | undefined, env: NodeJS.ProcessEnv = process.env): Record<string, number | undefined> {
  return {
    API: apiPid,
    Elasticsearch: isLocal(env.ELASTICSEARCH_URL)
      ? (elasticsearchPid(SHARED_ELASTICSEARCH) ?? processWithArgument(`path.data=${SHARED_ELASTICSEARCH.dataDir}`) ?? processWithArgument('org.elasticsearch.server/org.elasticsearch.bootstrap.Elasticsearch'))
      : undefined,
    Postgres: isLocal(env.DATABASE_URL) ? postmasterPid(SHARED_POSTGRES) : undefined,
  };
}
