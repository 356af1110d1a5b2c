import { inStateFor, type FlowActionDecl, type FlowRoutes } from '@sbwq/contracts';
import { BizError } from '../http/envelope.ts';

/**
 * The state guard of a flow, from its declaration: whether a row's state lets the action start, and
 * the refusal the client is told when it does not. Services call it inside their transaction, on the
 * row they locked, so the rule the web shows a button by is the rule the server applies.
 */
export function canTake<Acts extends Record<string, FlowActionDecl<never>>>(flow: FlowRoutes<Acts>, key: keyof Acts & string, row: object): boolean {
  return inStateFor(flow, flow.actions[key], row);
}

/** Refuses (BizError with the declaration's refusal) when the row's state does not allow the action. */
export function assertAction<Acts extends Record<string, FlowActionDecl<never>>>(flow: FlowRoutes<Acts>, key: keyof Acts & string, row: object): void {
  if (!canTake(flow, key, row)) throw new BizError(refusalOf(flow, key));
}

/** The refusal of an action, for a conditional update that found the row in another state. */
export function refusalOf<Acts extends Record<string, FlowActionDecl<never>>>(flow: FlowRoutes<Acts>, key: keyof Acts & string): string {
  const refusal = flow.actions[key].refusal;
  if (refusal === undefined) throw new Error(`${flow.basePath} ${key}: no state rule to refuse by`);
  return refusal;
}

/** The states an action starts from, for the `where` of a conditional update. */
export function fromStates<Acts extends Record<string, FlowActionDecl<never>>>(flow: FlowRoutes<Acts>, key: keyof Acts & string): string[] {
  const from = flow.actions[key].from;
  if (!from) throw new Error(`${flow.basePath} ${key}: no state rule`);
  return [...from];
}
