import { randomUUID } from 'node:crypto';
import type { RedisLink } from './link.ts';

/** What travels on a channel: the sender, an id for dropping repeats, and the text. */
type Frame = { o: string; i: string; t: string };

type Kept = { frame: string; at: number };

export type ChannelOptions = {
  /** at most this many messages are kept while Redis is away; past it the oldest are dropped */
  maxKept?: number;
  /** kept messages older than this are not sent any more when Redis returns */
  maxAgeMs?: number;
};

/** After a return the kept messages are sent again at these delays: a peer may resubscribe a little later. */
const RESEND_AFTER_MS = [2000, 5000];
const SEEN_IDS = 5000;

/**
 * One channel between server processes over a RedisLink. `send` never waits and never throws: with Redis
 * up the message is published (a failure is logged once and the message kept); with Redis away it is
 * kept, in a bounded queue, and published when Redis returns. Pub/sub only reaches subscribers that are
 * connected at that moment and every process reconnects on its own schedule, so the kept messages are
 * published once when this process is back and twice more a few seconds later; receivers drop the
 * repeats by message id, and drop their own messages (the sender has already acted on them locally).
 */
export class RedisChannel {
  readonly origin = randomUUID();
  private kept: Kept[] = [];
  private readonly seen = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private retrying = false;
  private readonly maxKept: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly link: RedisLink,
    readonly name: string,
    opts: ChannelOptions = {},
  ) {
    this.maxKept = opts.maxKept ?? 1000;
    this.maxAgeMs = opts.maxAgeMs ?? 10 * 60_000;
    link.onUp(() => this.flush());
  }

  /** Hands every message another process sends on the channel to `onMessage`, each once. */
  listen(onMessage: (text: string) => void): void {
    this.link.listen(this.name, (raw) => {
      let frame: Frame;
      try {
        frame = JSON.parse(raw) as Frame;
      } catch {
        return;
      }
      if (typeof frame?.t !== 'string' || frame.o === this.origin || this.seen.has(frame.i)) return;
      this.seen.add(frame.i);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value!);
      onMessage(frame.t);
    });
  }

  send(text: string): void {
    const frame = JSON.stringify({ o: this.origin, i: randomUUID(), t: text } satisfies Frame);
    if (this.link.state !== 'up') return this.keep([{ frame, at: Date.now() }]);
    this.link.cmd.publish(this.name, frame).catch((error: unknown) => {
      this.link.failed(error);
      this.keep([{ frame, at: Date.now() }]);
      this.retrySoon();
    });
  }

  /** Messages kept for a return of Redis (tests and /ready read it). */
  get keptCount(): number {
    return this.kept.length;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private keep(items: Kept[]): void {
    this.kept.push(...items);
    if (this.kept.length > this.maxKept) this.kept.splice(0, this.kept.length - this.maxKept);
  }

  private flush(): void {
    const fresh = this.kept.filter((k) => Date.now() - k.at <= this.maxAgeMs);
    this.kept = [];
    if (fresh.length === 0) return;
    void this.publishAll(fresh).then((sent) => {
      if (!sent) return;
      for (const delay of RESEND_AFTER_MS) this.later(delay, () => void this.publishAll(fresh));
    });
  }

  /** Publishes in order; on a failure keeps the rest for the next return and answers false. */
  private async publishAll(items: Kept[]): Promise<boolean> {
    for (let i = 0; i < items.length; i++) {
      try {
        if (this.link.state !== 'up') throw new Error('Redis is down');
        await this.link.cmd.publish(this.name, items[i].frame);
      } catch (error) {
        this.link.failed(error);
        this.keep(items.slice(i));
        this.retrySoon();
        return false;
      }
    }
    return true;
  }

  /**
   * A publish failed while the connection may still count as up (a timed-out reply): try again shortly
   * rather than only at the next return of Redis. While it is down the return triggers the flush.
   */
  private retrySoon(): void {
    if (this.retrying) return;
    this.retrying = true;
    this.later(2000, () => {
      this.retrying = false;
      if (this.link.state === 'up') this.flush();
    });
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
