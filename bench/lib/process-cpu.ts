import fs from 'node:fs';

/** CPU time of one thread so far, in ms, or 0 when the thread has ended meanwhile. */
function threadCpuMs(pid: number, tid: string): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // the thread ended between the listing and the read: its time is gone with it
    return 0;
  }
}

/**
 * CPU time a process has used so far, in ms, every thread counted (the JavaScript thread, V8's
 * garbage collector and compiler threads, libuv's pool): the sum of `/proc/<pid>/task/<tid>/schedstat`,
 * which the kernel keeps in nanoseconds. Read before and after one request, it is what that request
 * cost a gateway running in a process of its own, with nothing of the bench's client in it (a
 * figure `/proc/<pid>/stat`'s 10 ms ticks cannot give per request). Linux only.
 */
export function processCpuMs(pid: number): number {
  return processCpuSplitMs(pid).all;
}

/**
 * The same, and the process's main thread (its JavaScript) apart, from one pass over the threads:
 * the rest is V8's helpers, mostly the optimising compiler while the code is still warming up,
 * then parallel GC.
 */
export function processCpuSplitMs(pid: number): { all: number; main: number } {
  let all = 0;
  let main = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const ms = threadCpuMs(pid, tid);
    all += ms;
    if (tid === String(pid)) main = ms;
  }
  return { all, main };
}
