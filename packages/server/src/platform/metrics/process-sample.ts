import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessFacts } from '@sbwq/contracts';

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * This process's facts, sampled: CPU use since the previous sample (as a share of one core), memory,
 * event-loop delay since the previous sample, uptime. One sampler per app; `stop()` when it closes.
 */
export class ProcessSampler {
  private readonly loop = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = process.cpuUsage();
  private lastAt = performance.now();

  constructor() {
    this.loop.enable();
  }

  sample(extra: { sockets: number; requests: number }): ProcessFacts {
    const cpu = process.cpuUsage(this.lastCpu);
    const now = performance.now();
    const elapsedMs = Math.max(1, now - this.lastAt);
    this.lastCpu = process.cpuUsage();
    this.lastAt = now;
    const memory = process.memoryUsage();
    // the histogram holds nanoseconds; with no sample yet its figures are NaN / huge
    const ms = (ns: number) => (Number.isFinite(ns) && this.loop.count > 0 ? round(ns / 1e6) : 0);
    const facts: ProcessFacts = {
      cpuPercent: round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100, 1),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      loopMean: ms(this.loop.mean),
      loopP99: ms(this.loop.percentile(99)),
      loopMax: ms(this.loop.max),
      uptime: Math.round(process.uptime()),
      nodeVersion: process.version,
      sockets: extra.sockets,
      requests: extra.requests,
      loadAvg: os.loadavg().map((n) => round(n)),
      cpus: os.availableParallelism(),
      totalMem: os.totalmem(),
      freeMem: os.freemem(),
    };
    this.loop.reset();
    return facts;
  }

  stop(): void {
    this.loop.disable();
  }
}
