import { FILE_NAMES_PATH, MAX_FILE_NAMES } from '@sbwq/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';

type Fetch = (paths: string[]) => Promise<Record<string, string>>;

const fetchNames: Fetch = (paths) => http.get<Record<string, string>>(FILE_NAMES_PATH, { paths: paths.join(',') }).then(unwrap);

/**
 * Asks for the uploaded names of stored files, gathering the paths every link on the screen asks for in
 * the same moment into one call (a list page shows files in many rows). A path the caller may not read,
 * or a failed call, has no name: the link then shows the stored name.
 */
export function createNameLoader(fetch: Fetch = fetchNames) {
  let waiting = new Map<string, ((name: string | null) => void)[]>();
  let scheduled = false;
  const flush = async () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const paths = [...batch.keys()];
    for (let i = 0; i < paths.length; i += MAX_FILE_NAMES) {
      const part = paths.slice(i, i + MAX_FILE_NAMES);
      const names = await fetch(part).catch(() => ({}) as Record<string, string>);
      for (const path of part) for (const resolve of batch.get(path) ?? []) resolve(names[path] ?? null);
    }
  };
  return (path: string): Promise<string | null> =>
    new Promise((resolve) => {
      waiting.set(path, [...(waiting.get(path) ?? []), resolve]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => void flush(), 0);
      }
    });
}

const loadName = createNameLoader();

/** Names already answered (null: none for this user); names of stored files do not change. */
const known = new Map<string, string | null>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function ask(path: string) {
  if (known.has(path) || asked.has(path)) return;
  asked.add(path);
  void loadName(path).then((name) => {
    known.set(path, name);
    asked.delete(path);
    version += 1;
    for (const listener of listeners) listener();
  });
}

/** The uploaded names of these stored paths (path → name) as far as they are known yet; asks for the others. */
export function useFileNames(paths: string[]): Record<string, string> {
  useSyncExternalStore(subscribe, () => version);
  const key = paths.join(',');
  useEffect(() => {
    for (const path of key.split(',')) if (path) ask(path);
  }, [key]);
  const names: Record<string, string> = {};
  for (const path of paths) {
    const name = known.get(path);
    if (name) names[path] = name;
  }
  return names;
}
