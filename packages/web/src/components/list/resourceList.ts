import type { PermCodes, ResourceDecl } from '@sbwq/contracts';
import type { ListApi } from './types.ts';

/**
 * The part of a list definition that a standard resource's declaration already says: what one row is
 * and the feature's codes (its `perm`, made by `permCodes`, guards the toolbar, the rows and the
 * columns), with the screen's calls. A screen that calls its row something else names `entity` after it.
 */
export function resourceList<T, B>(resource: Pick<ResourceDecl, 'entity' | 'perm'>, api: ListApi<T, B>) {
  return { entity: resource.entity, permission: resource.perm as PermCodes, api };
}
