import type { AppDeps } from '../../../platform/deps.ts';
import { claimDue, newLeaseOwner, runClaimed } from './job.runner.ts';

export type SchedulerOptions = {
  /** how often this process looks for due jobs (it only claims; the claim decides who runs) */
  pollMs: number;
  /** how long a claim holds without renewal: a process killed mid-run frees its job after this */
  leaseMs: number;
  onError: (error: unknown) => void;
};

export type Scheduler = {
  /** one look for due jobs now, the runs it claimed awaited (tests) */
  tick: () => Promise<number>;
  /** stops looking and waits for the runs in progress */
  stop: () => Promise<void>;
};

/**
 * The per-process poll of the schedule. It never runs a job on its own timer: each look only claims
 * (`claimDue`), and a tick claimed by another process is simply not found. Runs go on beside the poll,
 * so a long job does not hold up the others; `stop` waits for them, so a clean shutdown records their
 * outcome and gives the lease back.
 */
export function startScheduler(deps: AppDeps, opts: SchedulerOptions): Scheduler {
  const owner = newLeaseOwner();
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let polling: Promise<number> | null = null;

  const poll = async (): Promise<number> => {
    const claims = await claimDue(deps.db, owner, opts.leaseMs);
    for (const claim of claims) {
      const run = runClaimed(deps, claim, opts.leaseMs).catch(opts.onError);
      running.add(run);
      void run.finally(() => running.delete(run));
    }
    return claims.length;
  };

  const loop = () => {
    if (stopped) return;
    polling = poll()
      .catch((error: unknown) => {
        opts.onError(error);
        return 0;
      })
      .finally(() => {
        polling = null;
        if (!stopped) timer = setTimeout(loop, opts.pollMs);
      });
  };
  timer = setTimeout(loop, opts.pollMs);

  return {
    tick: async () => {
      const n = await poll();
      await Promise.all(running);
      return n;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      await Promise.all(running);
    },
  };
}
