import type { z } from 'zod';

/**
 * A feature's permission codes, typed: `permCodes('system:position', ['list', 'add'])` is
 * `{ list: 'system:position:list', add: 'system:position:add' }`. The routes declare these, the
 * feature's menu seed grants them and the screens check them, so a typo is a compile error rather
 * than a button that silently never shows. Every object made here is listed for the test that
 * fails when a code is not seeded.
 */
export function permCodes<const P extends string, const A extends readonly string[]>(prefix: P, actions: A): { readonly [K in A[number]]: `${P}:${K}` } {
  const codes = Object.freeze(Object.fromEntries(actions.map((a) => [a, `${prefix}:${a}`])));
  declaredCodes.push(...(Object.values(codes) as string[]));
  prefixes.set(codes, prefix);
  return codes as { readonly [K in A[number]]: `${P}:${K}` };
}

const declaredCodes: string[] = [];
const prefixes = new WeakMap<object, string>();

/** A feature's codes as `permCodes` made them, whatever its actions (a list screen's `permission`). */
export type PermCodes = { readonly [action: string]: string | undefined };

/**
 * The prefix a `permCodes` object was made with (`system:position`): the codes of its column
 * permissions (spec §6, type "1") are `${prefix}:${field}`. Throws for an object `permCodes` did not
 * make, so a screen cannot pass a hand-written set of codes.
 */
export function permPrefix(codes: PermCodes): string {
  const prefix = prefixes.get(codes);
  if (prefix === undefined) throw new Error('permPrefix: not a permCodes object');
  return prefix;
}

/** Every code made by `permCodes` in the modules loaded so far (all of contracts once its index is imported). */
export const declaredPermissionCodes = (): readonly string[] => declaredCodes;

/** The routes a standard resource can have, as JeecgBoot names them under its base path. */
export type StandardRoute = 'list' | 'queryById' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';

/** `list` is absent for a resource shown as a tree by its own routes (its standard routes are the writes). */
export type ResourcePerm = { list?: string; add?: string; edit?: string; delete?: string; export?: string; import?: string };

/**
 * What both sides know of a standard resource: where it lives, its permission codes, its request
 * bodies and its record. The server builds the routes from it (`platform/resource`), the web its
 * typed API object (`platform/resourceApi.ts`); neither repeats a path or a code.
 */
export type ResourceDecl<Rec = unknown, Add extends z.ZodType = z.ZodType, Edit extends z.ZodType = Add> = {
  /** e.g. `/sys/position`: the routes are `${basePath}/list` and so on */
  basePath: string;
  /** the thing one row is, for summaries and titles: 职务 */
  entity: string;
  perm: ResourcePerm;
  /** which of the standard routes exist */
  routes: readonly StandardRoute[];
  addBody?: Add;
  editBody?: Edit;
  /** the methods `edit` answers to; JeecgBoot's own screens send PUT, some of its clients POST */
  editMethods?: readonly ('PUT' | 'POST')[];
  /** the import has a template to download at `${basePath}/importTemplate` */
  importTemplate?: boolean;
  /**
   * The reading routes open to an account whose organisation awaits enrolment (the access hook refuses
   * it everywhere else); the service scopes what they answer to the account's own rows.
   */
  onboarding?: readonly ('list' | 'queryById')[];
  /**
   * The record `list` (its page's `records`) and `queryById` answer, for their reply schemas: what the
   * OpenAPI page shows and the serializer writes. Without it those replies are not described.
   */
  record?: z.ZodType;
  /**
   * OpenAPI summaries and descriptions of the standard routes where the defaults (`${entity}分页列表` …)
   * say too little: what the API promises about a route belongs with its declaration, as a flow
   * action's summary does.
   */
  docs?: Partial<Record<StandardRoute | 'importTemplate', { summary?: string; description?: string }>>;
  /** never set: carries the record type to the web API object */
  readonly recordType?: Rec;
};

/**
 * Declares a resource; the record type is given first, the rest inferred:
 * `defineResource<PositionRecord>()({ basePath: '/sys/position', … })`.
 */
export const defineResource =
  <Rec>() =>
  <Add extends z.ZodType, Edit extends z.ZodType = Add>(decl: Omit<ResourceDecl<Rec, Add, Edit>, 'recordType'>): ResourceDecl<Rec, Add, Edit> =>
    decl;
