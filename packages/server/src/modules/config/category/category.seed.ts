import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysCategory } from './category.table.ts';

/** Two short trees the rights work uses: the kinds of evidence of an infringement, and the industries of the brands. */
const trees: { name: string; children: string[] }[] = [
  { name: '侵权证据类型', children: ['公证购买', '网页截图与时间戳', '侵权实物样品', '行政查处文书', '法院裁判文书'] },
  { name: '行业分类', children: ['服装鞋帽', '食品饮料', '日化美妆', '电子电器', '农产品与地理标志'] },
];

export async function seedCategories(db: Db): Promise<void> {
  for (const [i, tree] of trees.entries()) {
    const rootId = newId();
    const rootCode = `A${String(i + 1).padStart(2, '0')}`;
    await db.insert(sysCategory).values({ id: rootId, pid: '0', name: tree.name, code: rootCode, hasChild: '1', createBy: 'system' }).onConflictDoNothing();
    for (const [j, name] of tree.children.entries()) {
      const code = `${rootCode}A${String(j + 1).padStart(2, '0')}`;
      await db.insert(sysCategory).values({ id: newId(), pid: rootId, name, code, hasChild: '0', createBy: 'system' }).onConflictDoNothing();
    }
  }
}
