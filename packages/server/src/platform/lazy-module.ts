import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use rather than at start (issue 35: what a server holds when
 * idle). For packages only some installations or some requests need — the MySQL driver, the HTML
 * cleaner, the captcha font, Redis — each costs megabytes of heap from the moment it is imported.
 * Synchronous, so call sites stay as they are; the package is still a declared dependency.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
