import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FlowStore } from '../../../platform/flow/transition.ts';
import { recordVersion, type DataTableName } from '../datalog/datalog.service.ts';
import { isStaff } from '../org/org-context.ts';

/**
 * A flow's table for `transition`, with the data log its records keep and the association's staff rule;
 * a record belongs to the organisation in its `orgId` (the organisation's own record: `ownerOf`).
 */
export const flowStore = (
  table: PgTable & { id: PgColumn },
  dataTable: DataTableName,
  ownerOf: FlowStore['ownerOf'] = (row) => (row as { orgId?: string | null }).orgId,
): FlowStore => ({
  table,
  ownerOf,
  version: (t, user, id, before, after, at) => recordVersion(t, user, dataTable, id, before, after, at),
  isStaff: (t, user) => isStaff(t, user.id, user.accessVersion),
});
