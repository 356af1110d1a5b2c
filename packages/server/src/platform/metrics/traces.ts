import type { Trace } from '@sbwq/contracts';

/**
 * The last `limit` requests of this process, newest last, in a fixed ring: recording one is an array
 * write, so the hook costs next to nothing. It holds what the trace screen shows and nothing more:
 * no header, no token, no body, no query string; a path's one-time token is redacted (`redactedPath`).
 */
export class TraceBuffer {
  private readonly ring: (Trace | undefined)[];
  private next = 0;
  total = 0;

  constructor(readonly limit: number) {
    this.ring = Array.from({ length: limit }, () => undefined);
  }

  record(trace: Trace): void {
    this.ring[this.next] = trace;
    this.next = (this.next + 1) % this.limit;
    this.total++;
  }

  /** Newest first. */
  list(): Trace[] {
    const out: Trace[] = [];
    for (let i = 1; i <= this.limit; i++) {
      const trace = this.ring[(this.next - i + this.limit) % this.limit];
      if (trace) out.push(trace);
    }
    return out;
  }
}

/** The path of a URL without its query string (which may carry a token: docs page, static files). */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};
