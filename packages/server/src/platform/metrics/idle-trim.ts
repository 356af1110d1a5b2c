import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives the heap back when nobody is waiting (issue 35: 200 connections left the process 87 MB above its
 * idle size a minute later). V8 keeps the pages it grew into — after the load 150 MB of heap held 64 MB of
 * live objects — because only allocation triggers the collections that would shrink it, and an idle server
 * allocates nothing. So:
 * - a second after it starts listening, one full collection drops what start-up left (migration checks,
 *   seeds, the routes' compiled schemas);
 * - when a check finds requests were served since the last one but none since, and the heap has grown more
 *   than `slackBytes` past its size after start, one full collection frees the empty pages.
 */
export type IdleTrim = { served: () => void; stop: () => void };

type Gc = (options?: { type: 'major'; execution: 'sync' }) => void;

function exposedGc(): Gc {
  // the documented switch turned on at run time: the server is started by many commands (npm run serve,
  // tests, benchmarks, a process manager), and each would otherwise need --expose-gc
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as Gc;
}

export function startIdleTrim(opts: { everyMs?: number; afterStartMs?: number; slackBytes?: number; gc?: Gc } = {}): IdleTrim {
  const everyMs = opts.everyMs ?? 15_000;
  const slack = opts.slackBytes ?? 24 * 1024 * 1024;
  const gc = opts.gc ?? exposedGc();
  const collect = () => gc({ type: 'major', execution: 'sync' });
  let count = 0;
  let seen = 0;
  let busy = false;
  let floor = process.memoryUsage().heapTotal;
  const settle = setTimeout(() => {
    collect();
    floor = process.memoryUsage().heapTotal;
  }, opts.afterStartMs ?? 1000);
  settle.unref();
  const timer = setInterval(() => {
    const quiet = count === seen;
    if (!quiet) busy = true;
    seen = count;
    if (!quiet || !busy) return;
    busy = false;
    if (process.memoryUsage().heapTotal > floor + slack) collect();
  }, everyMs);
  timer.unref();
  return {
    served: () => void count++,
    stop: () => {
      clearTimeout(settle);
      clearInterval(timer);
    },
  };
}
