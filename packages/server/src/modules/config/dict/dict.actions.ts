import { Msg } from '@sbwq/contracts';
import type { FlowCtx } from '../../../platform/flow/flow-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { isTableDictCode, type TreeLevelQuery } from './dict.service.ts';

/**
 * The handlers of dictFlow, one export per action and named as it, so that the routes register this
 * module as it is: the calls every screen makes through the dictionary cache, then the tree list and
 * the recycle bin of dictionary administration.
 */
export { dictTreeList as treeList, deletedDicts as deleteList, restoreDict as back, purgeDict as deletePhysic } from './dict-admin.service.ts';

/**
 * A table dictionary lists other accounts' and organisations' rows: an account awaiting enrolment gets
 * plain dictionaries only (its enrolment form needs them), as the access hook refuses it elsewhere.
 */
function plainOnlyWhenUnvetted(ctx: FlowCtx, code: string): string {
  if (ctx.request.unvetted && isTableDictCode(code)) throw new BizError(Msg.noPermission, 510, 403);
  return code;
}

export const getDictItems = (ctx: FlowCtx, input: { dictCode: string }) => ctx.deps.dicts.items(plainOnlyWhenUnvetted(ctx, input.dictCode));

export const queryAllDictItems = ({ deps }: ResourceCtx) => deps.dicts.allItems();

export const refleshCache = ({ deps }: ResourceCtx) => deps.dicts.invalidate().then(() => null);

export const loadDictItem = ({ deps }: ResourceCtx, input: { dictCode: string; key: string }) =>
  deps.dicts.textsOf(
    input.dictCode,
    input.key.split(',').filter((k) => k !== ''),
  );

export const loadDict = ({ deps }: ResourceCtx, input: { dictCode: string; keyword: string }) => deps.dicts.search(input.dictCode, input.keyword);

export const getDictText = (ctx: FlowCtx, input: { dictCode: string; key: string }) =>
  ctx.deps.dicts.textOf(plainOnlyWhenUnvetted(ctx, input.dictCode), input.key);

export const loadTreeData = ({ deps }: ResourceCtx, input: TreeLevelQuery) => deps.dicts.treeLevel(input);
