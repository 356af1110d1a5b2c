import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RightsMsg, type FlowActionDecl, type FlowRoutes } from '@sbwq/contracts';
import type { SessionUser } from '../auth/session.ts';
import { by } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { BizError } from '../http/envelope.ts';
import { canTake, refusalOf } from './flow-guard.ts';

/**
 * Where a flow's records live and what a change of them writes beside the row. The data log and the
 * staff rule belong to the modules above the platform, so the module that owns the table binds them
 * (`modules/core/flow/flow-stores.ts`).
 */
export type FlowStore = {
  table: PgTable & { id: PgColumn };
  /** the data-log version of a change (before → the row as updated), in the caller's transaction */
  version?: (t: Db, user: SessionUser, id: string, before: object, after: object, at: Date) => Promise<void>;
  /** the organisation a record belongs to (an action declared `who: 'owner'`) */
  ownerOf: (row: object) => string | null | undefined;
  /** whether the user is association staff (an action declared `who: 'staff'`) */
  isStaff: (t: Db, user: SessionUser) => Promise<boolean>;
};

export type TransitionOptions = {
  /** the outcome a decision reached (`pass`, `reject`, …): the key of its declared `to` */
  outcome?: string;
  /** the caller's organisation, for an action declared `who: 'owner'` */
  org?: { id: string } | null;
  /** who submitted the record, for `who: 'notSubmitter'` (default: the row's `submitBy`) */
  submitter?: string | null;
  now?: Date;
  /** more conditions of the conditional update (a soft-delete flag) */
  where?: SQL[];
  /** the record as the version starts from, when the service's own rules wrote a version of it first (a recount) */
  versionFrom?: () => object;
  /** false when `decide()` writes the version, with the decision's further writes */
  version?: false;
  /**
   * the service's own rules, after the declared ones and before the write (its refusals come first that
   * way); what it returns joins the patch (a value worked out only once the rules passed)
   */
  check?: () => Promise<void | Record<string, unknown>>;
  /** the refusal in place of the declaration's, when the service words it for its context (a run names the record) */
  refusal?: string;
  /** the refusal worked out from the record as it now stands (its current state named), in place of `refusal` */
  refuse?: (t: Db) => Promise<string>;
};

type Row = { id: string };
type Acts = Record<string, FlowActionDecl<never>>;

/** Every action that went through `transition` since start: the flow test compares it with the declarations. */
export const taken = new Set<string>();
export const takenKey = (flow: Pick<FlowRoutes, 'basePath'>, action: string) => `${flow.basePath} ${action}`;

/** The state an action leads to: the declared one, or the declared outcome's for a decision. */
export function targetOf<A extends Acts>(flow: FlowRoutes<A>, key: keyof A & string, outcome?: string): string | undefined {
  const to = flow.actions[key].to as string | readonly string[] | Readonly<Record<string, string>> | undefined;
  if (to === undefined || typeof to === 'string') return to;
  if (Array.isArray(to)) throw new Error(`${flow.basePath} ${key}: declare a decision's outcomes by name`);
  const target = outcome === undefined ? undefined : (to as Readonly<Record<string, string>>)[outcome];
  if (target === undefined) throw new Error(`${flow.basePath} ${key}: no declared outcome ${String(outcome)}`);
  return target;
}

/** The declared `who`, on the row the caller read; a service adds its own rules beside it. */
async function checkWho(t: Db, store: FlowStore, action: FlowActionDecl<never>, row: Row, user: SessionUser, o: TransitionOptions) {
  if (action.who === 'owner' && (!o.org || store.ownerOf(row) !== o.org.id)) throw new BizError(RightsMsg.notFound);
  if (action.who === 'notSubmitter') {
    const submitter = o.submitter !== undefined ? o.submitter : ((row as { submitBy?: string | null }).submitBy ?? null);
    if (submitter && submitter === user.id) throw new BizError(RightsMsg.selfApproval);
  }
  if (action.who === 'staff' && !(await store.isStaff(t, user))) throw new BizError(RightsMsg.staffOnly);
}

/**
 * One step of a flow, inside the caller's transaction, as its declaration says: the row's state must be
 * one the action starts `from` (else its `refusal`), the caller who the action declares (`who`); the new
 * state is the declared `to` (a decision's outcome names one of its `to`), written with `patch` and the
 * update stamp by a conditional update on the states it starts from — so of two concurrent deciders one
 * wins and the other gets the refusal — and the data-log version of the change. Returns the row as updated.
 */
export async function transition<A extends Acts, R extends Row>(
  t: Db,
  store: FlowStore,
  flow: FlowRoutes<A>,
  key: keyof A & string,
  row: R,
  user: SessionUser,
  patch: Record<string, unknown>,
  o: TransitionOptions = {},
): Promise<R> {
  const action = flow.actions[key];
  const field = flow.stateField;
  if (!action.from || !field) throw new Error(`${flow.basePath} ${key}: a transition needs a state rule`);
  taken.add(takenKey(flow, key));
  const refusal = o.refusal ?? refusalOf(flow, key);
  if (!canTake(flow, key, row)) throw new BizError(o.refuse ? await o.refuse(t) : refusal);
  await checkWho(t, store, action, row, user, o);
  const more = await o.check?.();
  const now = o.now ?? new Date();
  const to = targetOf(flow, key, o.outcome);
  const column = (store.table as unknown as Record<string, PgColumn | undefined>)[field];
  if (!column) throw new Error(`${flow.basePath}: the table has no column ${field}`);
  const [changed] = (await t
    .update(store.table)
    .set({ ...patch, ...more, ...(to === undefined ? {} : { [field]: to }), updateBy: by(user), updateTime: now })
    .where(and(eq(store.table.id, row.id), eq(column, (row as Record<string, unknown>)[field]), ...(o.where ?? [])))
    .returning()) as R[];
  if (!changed) throw new BizError(o.refuse ? await o.refuse(t) : refusal);
  if (o.version !== false) await store.version?.(t, user, row.id, o.versionFrom?.() ?? row, changed, now);
  return changed;
}
