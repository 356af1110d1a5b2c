import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';

/**
 * Menu components that once named our own screens after stock JeecgBoot 2.3 screens, and what they are
 * called now. A stock client loads `views/<component>` for a menu row: under a stock name it showed its
 * own screen in place of ours (its 工作台 calls demo endpoints we do not serve). Under `sbwq/` the name
 * cannot be mistaken for a stock screen.
 */
export const RENAMED_COMPONENTS: Readonly<Record<string, string>> = {
  'dashboard/Workplace': 'sbwq/dashboard/Workplace',
  'dashboard/IndexChart': 'sbwq/dashboard/IndexChart',
  'dashboard/Monitor': 'sbwq/dashboard/Monitor',
};

/**
 * Issue 36: the system screens a stock JeecgBoot 2.3 client has, whose calls we now serve, go by the stock
 * component name so both clients open them (our web keeps the old names as well); our own screen with no
 * stock counterpart goes under `sbwq/`.
 */
export const STOCK_NAMED_COMPONENTS: Readonly<Record<string, string>> = {
  'system/SysLogList': 'system/LogList',
  'sbwq/system/QuartzJobList': 'system/QuartzJobList',
  'sbwq/system/DataLogList': 'system/DataLogList',
  'sbwq/system/SysDataSourceList': 'system/SysDataSourceList',
  'sbwq/system/SysGatewayRouteList': 'system/SysGatewayRouteList',
  'system/SysTableDictList': 'sbwq/system/SysTableDictList',
};

/** Databases seeded before a rename: every menu row with an old name gets the new one. */
export async function renameOwnComponents(db: Db, renames: Readonly<Record<string, string>> = RENAMED_COMPONENTS): Promise<void> {
  for (const [before, after] of Object.entries(renames)) {
    await db
      .update(sysPermission)
      .set({ component: after, updateBy: 'system', updateTime: new Date() })
      .where(and(eq(sysPermission.component, before), inArray(sysPermission.menuType, [0, 1])));
  }
}
