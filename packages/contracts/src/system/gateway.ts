import { z } from 'zod';
import { idField, intLike } from './dict.ts';
import { auditFields } from '../record-fields.ts';
import { defineFlow, pageSchema } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';

/**
 * 路由网关 (sys_gateway_route, issue #25): a path prefix under `/gateway/` forwarded to an upstream the
 * environment allows (GATEWAY_UPSTREAMS). A route names its upstream by the allow-list's name; nothing in a
 * proxied request chooses where it goes.
 */
export const GATEWAY_PREFIX = '/gateway';
export const GATEWAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];
export const GatewayStatus = { enabled: 1, disabled: 0 } as const;

export const GatewayMsg = {
  nameRequired: '路由名称不能为空!',
  routerIdRequired: '路由编码不能为空!',
  routerIdFormat: '路由编码只能包含字母、数字、下划线和短横线，且以字母开头',
  routerIdTaken: '路由编码已存在',
  pathRequired: '路径前缀不能为空!',
  pathFormat: '路径前缀须以 /gateway/ 开头，各段只能含字母、数字、下划线、短横线和点（不能是 . 或 ..），不能带查询串或空段',
  upstreamRequired: '请选择上游服务',
  upstreamNotAllowed: '上游服务不在白名单（GATEWAY_UPSTREAMS）中',
  noUpstreams: '服务器未配置上游服务白名单（环境变量 GATEWAY_UPSTREAMS），不能保存或启用任何路由',
  methods: '请求方法只能是 GET、POST、PUT、PATCH、DELETE、HEAD、OPTIONS',
  headerName: '请求头名称只能包含字母、数字和短横线，最多64个字符',
  headerPair: '请求头名称和值须同时填写',
  flag: '只能是 0 或 1',
  sortOrder: '排序应为0到9999的整数',
  permissionFormat: '权限编码形如 module:resource:action，只能包含字母、数字、下划线、短横线和冒号，最多255个字符',
  permissionNeedsLogin: '只有需要登录的路由才能指定权限编码',
  notFound: '路由不存在',
  stockRoutesJson: '路由配置须为 JSON 数组（每项一个路由对象）',
  stockRoutesTooLong: '路由配置过长',
  stockRoutesEmpty: '未录入任何信息',
  cleared: '清除成功！',
  saved: '路由保存成功',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  /** the answers of the gateway itself (`/gateway/...`) */
  noRoute: '未找到匹配的网关路由',
  badPath: '网关路径不正确',
  upstreamDown: '上游服务无法连接，请稍后再试',
  upstreamTimeout: '上游服务响应超时，请稍后再试',
} as const;

/** `/gateway/seg/seg`: each segment starts with a letter, digit, `_`, `~` or `-`, so `.` and `..` never pass. */
export const GATEWAY_PATH_PATTERN = /^\/gateway(\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,63})+$/;
export const GATEWAY_ROUTER_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const GATEWAY_UPSTREAM_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const GATEWAY_HEADER_NAME_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
/** One permission code as sys_permission.perms carries it (`module:resource:action`). */
export const GATEWAY_PERMISSION_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_-]+)+$/;

/** A permission code only means something where the caller is signed in: the form and the server refuse it alike. */
export const gatewayPermissionProblem = (body: { needLogin: number; permission: string | null }): string | null =>
  body.permission !== null && body.needLogin !== 1 ? GatewayMsg.permissionNeedsLogin : null;

/** A trailing slash is dropped (`/gateway/a/` is `/gateway/a`); anything else must match the pattern as typed. */
export const normaliseGatewayPath = (value: string) => value.trim().replace(/\/+$/, '');

const flag = (fallback: 0 | 1) =>
  z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: GatewayMsg.flag })
    .transform((v) => Number(v) as 0 | 1)
    .default(fallback);

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const fields = {
  name: z
    .string({ error: GatewayMsg.nameRequired })
    .max(100, '长度不能超过100个字符')
    .refine((v) => v.trim() !== '', GatewayMsg.nameRequired)
    .transform((v) => v.trim()),
  routerId: z
    .string({ error: GatewayMsg.routerIdRequired })
    .refine((v) => v.trim() !== '', GatewayMsg.routerIdRequired)
    .regex(GATEWAY_ROUTER_ID_PATTERN, GatewayMsg.routerIdFormat),
  pathPrefix: z
    .string({ error: GatewayMsg.pathRequired })
    .max(200, '长度不能超过200个字符')
    .refine((v) => v.trim() !== '', GatewayMsg.pathRequired)
    .transform(normaliseGatewayPath)
    .pipe(z.string().regex(GATEWAY_PATH_PATTERN, GatewayMsg.pathFormat)),
  /** the allow-list's name (or its exact URL, which the server turns into the name) */
  upstream: z
    .string({ error: GatewayMsg.upstreamRequired })
    .max(500, GatewayMsg.upstreamNotAllowed)
    .refine((v) => v.trim() !== '', GatewayMsg.upstreamRequired),
  /** empty: every method */
  methods: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((m) => m.trim())
              .filter(Boolean)
          : v,
      z
        .array(
          z
            .string()
            .transform((m) => m.toUpperCase())
            .pipe(z.enum(GATEWAY_METHODS, { error: GatewayMsg.methods })),
          { error: GatewayMsg.methods },
        )
        .max(7, GatewayMsg.methods),
    )
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  headerName: optionalText(64).pipe(z.string().regex(GATEWAY_HEADER_NAME_PATTERN, GatewayMsg.headerName).nullable()),
  headerValue: optionalText(200),
  stripPrefix: flag(1),
  needLogin: flag(1),
  /** with 需要登录: the caller must also hold this code (through a role, as for any route); null = any vetted account */
  permission: optionalText(255).pipe(z.string().regex(GATEWAY_PERMISSION_PATTERN, GatewayMsg.permissionFormat).nullable()),
  sortOrder: intLike(0, 9999, GatewayMsg.sortOrder).default(0),
  status: flag(1),
  remark: optionalText(255),
};

const crossChecks = (body: { headerName: string | null; headerValue: string | null; needLogin: number; permission: string | null }, ctx: z.RefinementCtx) => {
  if ((body.headerName === null) !== (body.headerValue === null)) ctx.addIssue({ code: 'custom', message: GatewayMsg.headerPair, path: ['headerValue'] });
  const permission = gatewayPermissionProblem(body);
  if (permission) ctx.addIssue({ code: 'custom', message: permission, path: ['permission'] });
};

export const gatewayRouteAddBody = z.object(fields).superRefine(crossChecks);
export const gatewayRouteEditBody = z.object({ id: idField, ...fields }).superRefine(crossChecks);
/** JeecgBoot's `updateAll`: one body for both, an `id` edits that route, none adds one. */
export const gatewayRouteSaveBody = z.object({ id: idField.optional(), ...fields }).superRefine(crossChecks);
export type GatewayRouteAddBody = z.infer<typeof gatewayRouteAddBody>;
export type GatewayRouteEditBody = z.infer<typeof gatewayRouteEditBody>;

export const gatewayRouteRecordSchema = z.object({
  id: z.string(),
  routerId: z.string(),
  name: z.string(),
  pathPrefix: z.string(),
  upstream: z.string(),
  /** the allow-list's URL for the name; null when the name is not (or no longer) in the allow-list */
  upstreamUrl: z.string().nullable(),
  methods: z.array(z.string()),
  headerName: z.string().nullable(),
  headerValue: z.string().nullable(),
  stripPrefix: z.number(),
  needLogin: z.number(),
  permission: z.string().nullable(),
  sortOrder: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type GatewayRouteRecord = z.infer<typeof gatewayRouteRecordSchema>;

export const gatewayUpstreamSchema = z.object({ name: z.string(), url: z.string() });
export type GatewayUpstream = z.infer<typeof gatewayUpstreamSchema>;

export const GatewayRoutePerm = permCodes('system:gatewayRoute', ['list', 'add', 'edit', 'delete']);

/** 路由网关 as a standard resource: `/sys/gatewayRoute/list` … `deleteBatch`. */
export const gatewayRouteResource = defineResource<GatewayRouteRecord>()({
  basePath: '/sys/gatewayRoute',
  entity: '网关路由',
  perm: GatewayRoutePerm,
  record: gatewayRouteRecordSchema,
  // list is the flow's: it answers the stock JSON editor an array, a paged list a page
  routes: ['queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: gatewayRouteAddBody,
  editBody: gatewayRouteEditBody,
  docs: {
    add: {
      description: '路径前缀须在 /gateway/ 下；upstream 为白名单（GATEWAY_UPSTREAMS）中的名称或其完整地址，其他一律拒绝。保存后所有服务进程立即按新路由转发。',
    },
    edit: { description: '同新增；保存后所有服务进程立即按新路由转发。' },
  },
});

/**
 * A route as the stock 路由网关 screen (a JSON editor) reads and writes it: our fields, plus JeecgBoot's
 * `uri` (the allow-list's URL) and Spring Cloud Gateway `predicates` (Path, Method, Header) and `filters`
 * as it showed them. What comes back is read as data: our fields first, else the predicates and the uri,
 * and the uri must still be an allow-listed upstream.
 */
export const gatewayStockPredicateSchema = z.object({ name: z.string(), args: z.array(z.string()) });
export const gatewayStockRouteSchema = gatewayRouteRecordSchema
  .omit({ createBy: true, createTime: true, updateBy: true, updateTime: true })
  .extend({ uri: z.string(), predicates: z.array(gatewayStockPredicateSchema), filters: z.array(gatewayStockPredicateSchema) });
export type GatewayStockRoute = z.infer<typeof gatewayStockRouteSchema>;

/** updateAll as the stock screen sends it: every enabled route, as the JSON text of an array. */
export const gatewayStockRoutesBody = z
  .object({ routes: z.string({ error: GatewayMsg.stockRoutesJson }).max(500_000, GatewayMsg.stockRoutesTooLong) })
  .strict();

export const gatewayRouteFlow = defineFlow<GatewayRouteRecord>()({
  basePath: '/sys/gatewayRoute',
  actions: {
    upstreams: {
      path: 'upstreams',
      method: 'GET',
      permission: GatewayRoutePerm.list,
      reply: z.array(gatewayUpstreamSchema),
      summary: '上游服务白名单（来自环境变量 GATEWAY_UPSTREAMS）',
    },
    list: {
      path: 'list',
      method: 'GET',
      permission: GatewayRoutePerm.list,
      query: z.object({ pageNo: z.union([z.string(), z.number()]).optional(), pageSize: z.union([z.string(), z.number()]).optional() }).passthrough(),
      reply: z.union([pageSchema(gatewayRouteRecordSchema), z.array(gatewayStockRouteSchema)]),
      summary: '路由列表（带参数为分页；只带 _t 为原版 JSON 编辑器的启用路由数组）',
    },
    updateAll: {
      path: 'updateAll',
      permission: GatewayRoutePerm.edit,
      body: z.union([gatewayStockRoutesBody, gatewayRouteSaveBody]),
      reply: z.null(),
      done: GatewayMsg.saved,
      summary: '保存路由（原版 {routes: JSON 数组} 替换全部启用路由；或一个路由：带 id 为编辑，否则新增）',
    },
    clearRedis: {
      path: 'clearRedis',
      method: 'GET',
      permission: GatewayRoutePerm.edit,
      reply: z.null(),
      done: GatewayMsg.cleared,
      summary: '重新加载网关路由（所有服务进程）',
    },
  },
});
