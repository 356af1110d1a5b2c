import { Worker } from 'node:worker_threads';

/**
 * Runs regular expressions from check rules in a worker thread with a time limit, so a pattern with
 * catastrophic backtracking costs one worker (terminated and replaced), never the server's event loop.
 * Jobs run one at a time; each match is microseconds for a sound pattern.
 */
export type RegexTest = { source: string; flags: string; input: string };

export class RegexTimeoutError extends Error {}

// Plain JavaScript, evaluated as the worker's script: no loader or transpiler needed in the worker.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, tests, stopOnFail }) => {
  try {
    const compiled = new Map();
    const results = [];
    for (const t of tests) {
      const key = t.flags + '/' + t.source;
      let re = compiled.get(key);
      if (!re) { re = new RegExp(t.source, t.flags); compiled.set(key, re); }
      const passed = re.test(t.input);
      results.push(passed);
      if (!passed && stopOnFail) break;
    }
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Job = {
  id: number;
  tests: RegexTest[];
  stopOnFail: boolean;
  timeoutMs: number;
  resolve: (results: boolean[]) => void;
  reject: (error: Error) => void;
};

export class RegexSandbox {
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private current: { job: Job; worker: Worker | null; timer?: NodeJS.Timeout } | null = null;
  private nextId = 1;

  /** Results in test order; with stopOnFail the list ends at the first failing test. */
  run(tests: RegexTest[], opts: { stopOnFail: boolean; timeoutMs: number }): Promise<boolean[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, tests, ...opts, resolve, reject });
      void this.pump();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    this.current = { job, worker: null };
    let worker: Worker;
    try {
      worker = await this.ensureWorker();
    } catch (error) {
      this.finish(job.id, () => job.reject(error as Error));
      return;
    }
    if (this.current?.job.id !== job.id) return;
    // The clock starts once the worker is up: its start-up is not the pattern's cost.
    this.current.worker = worker;
    this.current.timer = setTimeout(() => {
      if (this.current?.job.id !== job.id) return;
      if (this.worker === worker) this.worker = null;
      void worker.terminate();
      this.finish(job.id, () => job.reject(new RegexTimeoutError('regex evaluation timed out')));
    }, job.timeoutMs);
    worker.postMessage({ id: job.id, tests: job.tests, stopOnFail: job.stopOnFail });
  }

  private finish(id: number, settle: () => void) {
    if (this.current?.job.id !== id) return;
    clearTimeout(this.current.timer);
    this.current = null;
    settle();
    void this.pump();
  }

  private async ensureWorker(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 } });
    worker.unref();
    worker.on('message', (msg: { id: number; results?: boolean[]; error?: string }) => {
      const running = this.current;
      if (!running || running.worker !== worker || running.job.id !== msg.id) return;
      if (msg.error !== undefined) this.finish(msg.id, () => running.job.reject(new Error(msg.error)));
      else this.finish(msg.id, () => running.job.resolve(msg.results ?? []));
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      const running = this.current;
      if (running && running.worker === worker) this.finish(running.job.id, () => running.job.reject(error));
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('regex worker exited')));
    this.worker = worker;
    await new Promise<void>((resolve, reject) => {
      worker.once('online', () => resolve());
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('regex worker exited before it started')));
    });
    return worker;
  }
}

/** One sandbox per process, started on first use. */
let shared: RegexSandbox | null = null;
export function regexSandbox(): RegexSandbox {
  shared ??= new RegexSandbox();
  return shared;
}
