import {
  actionMethod,
  actionUrl,
  FILE_REPLY,
  fillPath,
  takesIdOnly,
  type ActionInput,
  type ActionReply,
  type Envelope,
  type FlowActionDecl,
  type FlowDecl,
} from '@sbwq/contracts';
import { http, type Query } from './http.ts';

export { availableActions, offeredInState } from '@sbwq/contracts';

/** `silent`: a failure says nothing (a poll, a status the page asks for on its own) */
type CallOptions = { signal?: AbortSignal; timeoutMs?: number; silent?: boolean };

/** The typed call of one action: its input from the contract's schema, its answer the declared reply. */
type ActionCall<A> = A extends { reply: typeof FILE_REPLY }
  ? string
  : A extends { upload: true }
    ? (input: ActionInput<A>, file: File, options?: CallOptions) => Promise<Envelope<ActionReply<A>>>
    : A extends { method: 'GET' }
      ? (input: [ActionInput<A>] extends [void] ? undefined : ActionInput<A> & Query, options?: CallOptions) => Promise<Envelope<ActionReply<A>>>
      : (input: ActionInput<A>, options?: CallOptions) => Promise<Envelope<ActionReply<A>>>;

/** The calls of a flow: one per action it serves (the standard routes' are the resource's, `resourceApi`); a download is its address. */
export type FlowApi<A> = { [K in keyof A as A[K] extends { standard: string } ? never : K]: ActionCall<A[K]> };

/** Sends an action as its declaration says: GET and DELETE in the query string, an upload as multipart, the rest as JSON. */
export function callAction(
  flow: Pick<FlowDecl, 'basePath'>,
  action: FlowActionDecl<never>,
  input: unknown,
  options: CallOptions = {},
  file?: File,
): Promise<Envelope<unknown>> {
  // the path's parameters go into the path; the rest is the query or the body
  const { url, rest } = fillPath(actionUrl(flow, action), input);
  if (action.upload) {
    const data = new FormData();
    if (file) data.append('file', file, file.name);
    return http.post(url, data, { ...options, params: rest as Query });
  }
  switch (actionMethod(action)) {
    case 'GET':
      return http.get(url, rest as Query, options);
    case 'DELETE':
      return http.delete(url, rest as Query, options);
    case 'PUT':
      return http.put(url, rest, options);
    default:
      return http.post(url, rest, options);
  }
}

/**
 * The typed calls of a flow declared in contracts, built from the declaration the server builds its
 * routes from: `batchApi.submit({ id })`, `batchApi.itemList({ batchId, pageNo })`. Answers are typed
 * from the reply schemas, so a screen reads what the server declares it answers.
 */
export function flowApi<Rec, S extends string, A extends Record<string, FlowActionDecl<Rec, S>>>(flow: FlowDecl<Rec, S, A>): FlowApi<A> {
  const calls: Record<string, unknown> = {};
  for (const [key, action] of Object.entries(flow.actions) as [string, FlowActionDecl<never>][]) {
    if (action.standard) continue;
    if (action.reply === FILE_REPLY) calls[key] = actionUrl(flow, action);
    else if (action.upload) calls[key] = (input: unknown, file: File, options?: CallOptions) => callAction(flow, action, input, options, file);
    else calls[key] = (input: unknown, options?: CallOptions) => callAction(flow, action, input, options);
  }
  return calls as FlowApi<A>;
}

/**
 * Takes an action that needs no form on a record: its id is the whole body (or the query of a delete),
 * or what its `input` makes of the record. An action with a form is the feature's dialog, which calls `flowApi`.
 */
export function takeOnRecord<R extends { id: string | number }>(
  flow: Pick<FlowDecl, 'basePath'>,
  action: FlowActionDecl<R>,
  record: R,
): Promise<Envelope<unknown>> {
  if (action.input) return callAction(flow, action, action.input(record));
  if (!takesIdOnly(action)) throw new Error(`${actionUrl(flow, action)} needs a form`);
  return callAction(flow, action, { id: record.id });
}
