import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives the heap back once a burst of requests is over (issue 35: 200 connections left the process 87 MB
 * above its idle size a minute later). After the load V8 keeps the pages it grew into — 150 MB of heap
 * holding 64 MB of live objects — because only allocation triggers the collections that would shrink it,
 * and an idle server allocates nothing. So when a check finds requests were served since the last one but
 * none since, and the heap has grown more than `slackBytes` past its size when the server started, one
 * full collection runs: it frees the empty pages, at a moment nobody is waiting.
 */
export type IdleTrim = { served: () => void; stop: () => void };

type Gc = (options?: { type: 'major'; execution: 'sync' }) => void;

function exposedGc(): Gc {
  // the documented switch turned on at run time: the server is started by many commands (npm run serve,
  // tests, benchmarks, a process manager), and each would otherwise need --expose-gc
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as Gc;
}

export function startIdleTrim(opts: { everyMs?: number; slackBytes?: number; gc?: Gc } = {}): IdleTrim {
  const everyMs = opts.everyMs ?? 15_000;
  const slack = opts.slackBytes ?? 24 * 1024 * 1024;
  const gc = opts.gc ?? exposedGc();
  let count = 0;
  let seen = 0;
  let busy = false;
  const floor = process.memoryUsage().heapTotal;
  const timer = setInterval(() => {
    const quiet = count === seen;
    if (!quiet) busy = true;
    seen = count;
    if (!quiet || !busy) return;
    busy = false;
    if (process.memoryUsage().heapTotal > floor + slack) gc({ type: 'major', execution: 'sync' });
  }, everyMs);
  timer.unref();
  return { served: () => void count++, stop: () => clearInterval(timer) };
}
