import { z } from 'zod';

/**
 * Who may take an action, beyond its permission code: the record's own organisation (`owner`), the
 * association's staff, anybody but the one who submitted the record (`notSubmitter`, a decision), or
 * anybody holding the code. The server enforces it where it reads the row (its scope, `decide()`); the
 * declaration says it once for the reader, the OpenAPI page and the web's row flags (`offered`).
 */
export type FlowWho = 'owner' | 'staff' | 'notSubmitter' | 'any';

export type FlowMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call the route at all: a permission code (a comma list means any one), any signed-in user, or the admin role. */
export type FlowAccess =
  | { permission: string; signedIn?: never; adminOnly?: never }
  | { signedIn: true; permission?: never; adminOnly?: never }
  | { adminOnly: true; permission?: never; signedIn?: never };

/** An answer that is a file (an Excel template or export): no JSON reply to describe. */
export const FILE_REPLY = 'file' as const;

type ActionCore<Rec, S extends string> = {
  /**
   * Under the flow's base path (`submit` → `${basePath}/submit`). An action served by one of the
   * resource's standard routes (`standard`) names that route's path.
   */
  path: string;
  /** default POST; a GET is a query (its input is `query`) */
  method?: FlowMethod;
  /** other methods the route answers as well (JeecgBoot's clients send either); the web sends `method` */
  alsoMethods?: readonly FlowMethod[];
  /** the path's own parameters (`getDictItems/:dictCode`), part of the caller's input */
  params?: z.ZodType;
  /** the JSON body (POST/PUT) */
  body?: z.ZodType;
  /** the query string (GET/DELETE, or beside a multipart upload) */
  query?: z.ZodType;
  /** the `result` of the JeecgBoot envelope on success, or `file` for a download */
  reply: z.ZodType | typeof FILE_REPLY;
  /** the body is a multipart upload (the handler reads the file) */
  upload?: true;
  /** the OpenAPI summary; default the label */
  summary?: string;
  /** the success message when it is always the same; without it the handler answers `answer(result, message)` */
  done?: string;
  /**
   * A query sent as POST (its filters in the body, as 机构申请排行's): it only reads, so 操作日志 does not
   * list it as an operation (issue 36). A GET never is one; a POST without it is.
   */
  readOnly?: true;
  /** the states the action may start from; none: the action has no state rule (queries, system actions) */
  from?: readonly S[];
  /**
   * the state it leads to; a decision names the state of each of its outcomes (`{ pass: …, reject: … }`,
   * the server's `transition` takes the outcome reached), so no service writes a target state itself
   */
  to?: S | Readonly<Record<string, S>>;
  /** the refusal when the record's state is not in `from`, word for word what the client is told */
  refusal?: string;
  who?: FlowWho;
  /**
   * Goes through `decide()`: the approval record it writes (its 业务类型, and its 节点 — one, or one per
   * state the action decides from, as a clue batch's 初审 and 复审) and a notice to the submitter.
   */
  decision?: FlowDecision<S>;
  /** the button's text; an action without one is not offered as a button (a query, a tab's own form) */
  label?: string;
  /**
   * What the button sends for the record when it has no form and its body is more than `{ id }`: a list
   * of ids (`{ ids: r.id }`), or the id without the optional fields a form would add. Without it such an
   * action needs a form.
   */
  input?: (record: Rec) => object;
  /** asked before an action without a form is taken */
  confirm?: (record: Rec) => string;
  /** what the record itself says beyond its state (the server's `editable` flag: it is the caller's own) */
  offered?: (record: Rec) => boolean;
  /** how the button looks: the step the record waits for (`primary`), or one that gives it up (`danger`) */
  tone?: 'primary' | 'danger';
  /** an inline link of the list's row rather than an entry of 更多 */
  inline?: boolean;
  /**
   * Served by the resource's standard route (`registerResource`), declared here for its state rule and
   * its button only: `registerFlow` and `flowApi` leave it to the resource.
   */
  standard?: 'edit' | 'delete';
  /**
   * Open to an account whose organisation is still awaiting enrolment (a self-registered, unvetted one):
   * its own account and enrolment. Every route without it refuses such an account (403, code 510).
   */
  onboarding?: true;
  /**
   * Open to an account that must set a new password first (a JeecgBoot password too weak for §5, accepted
   * once at its first sign-in here, issue 40). Every route without it refuses such an account (403, code 510).
   */
  passwordChange?: true;
};

/** What the approval record of a decision says it was: `approval_biz_type` and `approval_node` codes. */
export type FlowDecision<S extends string = string> = { bizType: string; node: string | Readonly<Partial<Record<S, string>>> };

export type FlowActionDecl<Rec = unknown, S extends string = string> = ActionCore<Rec, S> & FlowAccess;

/**
 * A resource's actions beyond its standard routes, each declared once: its route, who may call it,
 * its input and its answer, and for a record with a state the states it starts from and leads to. The
 * server builds the routes and the state guard from it (`platform/flow`), the web its typed calls and
 * the buttons a row offers (`platform/flowApi.ts`); neither restates a path, a code or a state rule.
 */
export type FlowDecl<Rec = unknown, S extends string = string, A extends Record<string, FlowActionDecl<Rec, S>> = Record<string, FlowActionDecl<Rec, S>>> = {
  basePath: string;
  /** the record's field holding its state (the same column name on the server's row) */
  stateField?: string;
  /** the state a new record starts in (the server writes it from here, as it writes every other state from `to`) */
  initial?: S;
  actions: A;
  /** never set: carries the record type to the web */
  readonly recordType?: Rec;
};

/** The name of one of a flow's actions: a service that takes some of them names them by `Extract<FlowActionKey<typeof flow>, …>`. */
export type FlowActionKey<F extends { actions: object }> = keyof F['actions'] & string;

/** A flow as the server sees it: its routes and rules, whatever its record (the web's types need it). */
export type FlowRoutes<A extends Record<string, FlowActionDecl<never>> = Record<string, FlowActionDecl<never>>> = {
  basePath: string;
  stateField?: string;
  initial?: string;
  actions: A;
};

/**
 * Declares a flow; the record and its state type are given first, the actions inferred:
 * `defineFlow<BatchRecord, BatchStatusValue>()({ basePath: BATCH_BASE, stateField: 'status', actions: { … } })`.
 * Each action's `from` needs its `refusal`; a missing one is an error at load, not a silent refusal.
 */
export const defineFlow =
  <Rec = unknown, S extends string = string>() =>
  <const A extends Record<string, FlowActionDecl<Rec, S>>>(decl: Omit<FlowDecl<Rec, S, A>, 'recordType'>): FlowDecl<Rec, S, A> => {
    for (const [key, action] of Object.entries(decl.actions)) {
      if (action.from && action.refusal === undefined) throw new Error(`${decl.basePath} ${key}: an action with a state rule needs its refusal`);
      if (action.from && !decl.stateField) throw new Error(`${decl.basePath} ${key}: a state rule needs the flow's stateField`);
      if (action.upload && action.body) throw new Error(`${decl.basePath} ${key}: an upload takes no JSON body`);
      if (action.readOnly && (action.from || action.to)) throw new Error(`${decl.basePath} ${key}: a read-only query changes no state`);
    }
    return decl;
  };

/** The state a new record of the flow starts in. */
export function initialState<S extends string>(flow: { basePath: string; initial?: S }): S {
  if (flow.initial === undefined) throw new Error(`${flow.basePath}: no initial state declared`);
  return flow.initial;
}

/** The approval node a decision takes on a record in its current state (the declared one, or the one for that state). */
export function decisionNode(flow: Pick<FlowDecl, 'basePath' | 'stateField'>, key: string, action: Pick<FlowActionDecl, 'decision'>, record: object): string {
  const node = action.decision?.node;
  const state = (record as Record<string, unknown>)[flow.stateField ?? ''];
  const found = typeof node === 'string' ? node : node && typeof state === 'string' ? (node as Record<string, string | undefined>)[state] : undefined;
  if (found === undefined) throw new Error(`${flow.basePath} ${key}: no approval node declared for state ${String(state)}`);
  return found;
}

/** The full path of an action. */
export const actionUrl = (flow: Pick<FlowDecl, 'basePath'>, action: Pick<FlowActionDecl, 'path'>): string =>
  action.path.startsWith('/') ? action.path : `${flow.basePath}/${action.path}`;

/** The method of an action (POST unless declared). */
export const actionMethod = (action: Pick<FlowActionDecl, 'method'>): FlowMethod => action.method ?? 'POST';

/** The path of an action with its parameters filled in from the input, and the rest of the input. */
export function fillPath(path: string, input: unknown): { url: string; rest: unknown } {
  if (!path.includes('/:')) return { url: path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
}

/** Whether the record's state allows the action (an action without a state rule always does). */
export function inStateFor(flow: Pick<FlowDecl, 'stateField'>, action: Pick<FlowActionDecl, 'from'>, record: object): boolean {
  if (!action.from) return true;
  const state = (record as Record<string, unknown>)[flow.stateField ?? ''];
  return typeof state === 'string' && action.from.includes(state);
}

/** The permission code an action needs, or undefined for one any signed-in user may take. */
export const actionCode = (action: FlowAccess): string | undefined => action.permission;

/** The body an action takes is the record's id alone: its button needs no form. */
export function takesIdOnly(action: Pick<FlowActionDecl, 'body' | 'query' | 'upload' | 'method'>): boolean {
  if (action.upload || actionMethod(action) === 'GET') return false;
  const body = actionMethod(action) === 'DELETE' ? action.query : action.body;
  if (!(body instanceof z.ZodObject)) return false;
  const keys = Object.keys(body.shape);
  return keys.length === 1 && keys[0] === 'id';
}

/**
 * The actions a record offers the caller, in the declaration's order: those with a button whose state
 * allows them, whose record flags (`offered`) do, and whose code the caller holds (`can`).
 */
export function availableActions<Rec extends object, A extends Record<string, FlowActionDecl<Rec>>>(
  flow: FlowDecl<Rec, string, A>,
  record: Rec,
  can: (code: string) => boolean,
): (keyof A & string)[] {
  return (Object.keys(flow.actions) as (keyof A & string)[]).filter((key) => {
    const action = flow.actions[key];
    if (!action.label) return false;
    const code = actionCode(action);
    return (code === undefined || can(code)) && offeredInState(flow, action, record);
  });
}

/** The state and the record's flags alone, without the permission (a list row's permission is checked from its `code`). */
export function offeredInState<Rec extends object>(flow: Pick<FlowDecl, 'stateField'>, action: FlowActionDecl<Rec>, record: Rec): boolean {
  return inStateFor(flow, action, record) && (action.offered?.(record) ?? true);
}

/** The `result` type of an action (z.output of its reply, or the file's bytes). */
export type ActionReply<A> = A extends { reply: infer R } ? (R extends z.ZodType ? z.output<R> : Blob) : never;
type OwnInput<A> = A extends { body: infer B extends z.ZodType } ? z.input<B> : A extends { query: infer Q extends z.ZodType } ? z.input<Q> : void;
/** What an action's caller sends: its path's parameters, and its body, or its query for a GET / DELETE. */
export type ActionInput<A> = A extends { params: infer P extends z.ZodType }
  ? z.input<P> & ([OwnInput<A>] extends [void] ? unknown : OwnInput<A>)
  : OwnInput<A>;

/** A MyBatis-Plus page of records (JEECG-API §5.8), as a reply schema. */
export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });
