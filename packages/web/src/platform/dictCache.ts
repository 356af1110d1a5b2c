import { StorageKey, type DictModel } from '@sbwq/contracts';
import { http } from './http.ts';
import { local } from './storage.ts';

/** The dictionary cache the login filled (JEECG-API §2.2, key UI_CACHE_DB_DICT_DATA, 7 days). */
export type DictCache = Record<string, DictModel[]>;

export function readDictCache(): DictCache {
  return local.get<DictCache>(StorageKey.dictCache) ?? {};
}

/**
 * 清理缓存 (spec §7, JEECG-API §5.3): the server drops its dictionary caches (sys/dict/refleshCache),
 * then every enabled dictionary item is fetched again (sys/dict/queryAllDictItems) and stored for 7
 * days. Resolves whether both calls succeeded.
 */
export async function refreshDictCache(): Promise<boolean> {
  try {
    const refreshed = await http.get<null>('sys/dict/refleshCache');
    if (!refreshed.success) return false;
    const all = await http.get<DictCache>('sys/dict/queryAllDictItems');
    if (!all.success || !all.result) return false;
    local.remove(StorageKey.dictCache);
    local.set(StorageKey.dictCache, all.result);
    return true;
  } catch {
    return false;
  }
}
