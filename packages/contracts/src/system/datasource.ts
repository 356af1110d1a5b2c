import { z } from 'zod';
import { auditShape, idField, intLike } from './dict.ts';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';

/**
 * 多数据源 (sys_data_source): other databases the online reports read. JeecgBoot keeps a driver class and
 * a JDBC URL typed by the administrator; here a source is structured fields only (type, host, port,
 * database, user), so nothing typed can add connection options, and the password is write-only: it is
 * stored encrypted and no answer ever carries it.
 */

/** The values of the stock dictionary `database_type` this system can connect to. */
export const DataSourceType = { postgresql: '4', mysql: '1' } as const;
export type DataSourceTypeValue = (typeof DataSourceType)[keyof typeof DataSourceType];
export const DATA_SOURCE_TYPES = [DataSourceType.postgresql, DataSourceType.mysql] as const;
export const DATA_SOURCE_TYPE_DICT = 'database_type';
export const DataSourceTypeText: Record<DataSourceTypeValue, string> = { '4': 'PostgreSQL', '1': 'MySQL / MariaDB' };
export const DEFAULT_PORTS: Record<DataSourceTypeValue, number> = { '4': 5432, '1': 3306 };

/** How long 测试连接 waits for the whole connection (TCP, handshake, sign-in, one query). */
export const TEST_CONNECTION_TIMEOUT_MS = 3000;

export const DataSourceMsg = {
  nameRequired: '数据源名称不能为空',
  codeRequired: '数据源编码不能为空',
  codeFormat: '数据源编码只能包含字母、数字和下划线，且以字母开头（最多50个字符）',
  codeTaken: '数据源编码已存在',
  codeReadonly: '数据源编码不能修改（在线报表按编码使用它）',
  typeRequired: '请选择数据库类型',
  typeInvalid: '数据库类型只能是 PostgreSQL 或 MySQL / MariaDB',
  hostRequired: '主机不能为空',
  hostFormat: '主机只能是域名或 IP 地址（如 db.example.com、10.0.0.5），不含协议、端口和路径',
  port: '端口须为 1 到 65535 之间的整数',
  databaseRequired: '数据库名不能为空',
  databaseFormat: '数据库名只能包含文字、字母、数字和 _ $ . -（最多64个字符）',
  userRequired: '用户名不能为空',
  userFormat: '用户名只能包含文字、字母、数字和 _ $ . @ -（最多64个字符）',
  passwordLength: '密码不能超过128个字符',
  testNeedsInput: '请填写连接信息，或指定已保存的数据源',
  notFound: '数据源不存在',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  testOk: (server: string, ms: number) => `连接成功：${server}（用时 ${ms} 毫秒）`,
  stockUrl: '数据源地址须为 jdbc:postgresql://主机:端口/库名 或 jdbc:mysql://主机:端口/库名（本系统只连接 PostgreSQL 与 MySQL / MariaDB）',
  stockUrlType: '数据源地址与数据库类型不符：PostgreSQL 为 jdbc:postgresql://…，MySQL / MariaDB 为 jdbc:mysql://… 或 jdbc:mariadb://…',
  stockDriver:
    '驱动类与数据库类型不符：PostgreSQL 为 org.postgresql.Driver，MySQL / MariaDB 为 com.mysql.cj.jdbc.Driver、com.mysql.jdbc.Driver 或 org.mariadb.jdbc.Driver',
  stockDbName: (name: string, inUrl: string) => `数据库名称（${name}）与数据源地址中的库名（${inUrl}）不一致`,
} as const;

export const DATA_SOURCE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An IPv6 address in text: eight groups of hex, or fewer around one `::`, the last two may be an IPv4 address. */
function isIPv6(value: string): boolean {
  if (value.length > 45 || (value.match(/::/g)?.length ?? 0) > 1) return false;
  const [head, tail] = value.includes('::') ? value.split('::') : [value, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const all = [...groups(head), ...(tail === null ? [] : groups(tail))];
  let count = all.length;
  const last = all.at(-1);
  if (last !== undefined && last.includes('.')) {
    if (!IPV4.test(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return tail === null ? count === 8 : count <= 7;
}

/**
 * A host is a name or an address, nothing else: no scheme, port, path, user or query can ride along
 * (`db:5432`, `tcp://x`, `a@b`, `x/y`, spaces). A name made of digits and dots must be a valid IPv4
 * address; an IPv6 address is written without brackets.
 */
export function isValidHost(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (/^[\d.]+$/.test(value)) return false;
  if (value.includes(':')) return isIPv6(value);
  return HOSTNAME.test(value);
}

const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .refine((v) => v.trim() !== '', message)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `长度不能超过${max}个字符`));

const connectionFields = {
  dbType: z.enum(DATA_SOURCE_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? DataSourceMsg.typeRequired : DataSourceMsg.typeInvalid),
  }),
  host: required(253, DataSourceMsg.hostRequired).refine(isValidHost, DataSourceMsg.hostFormat),
  port: intLike(1, 65535, DataSourceMsg.port),
  databaseName: required(64, DataSourceMsg.databaseRequired).pipe(z.string().regex(/^[\p{L}\p{N}_$.-]{1,64}$/u, DataSourceMsg.databaseFormat)),
  username: required(64, DataSourceMsg.userRequired).pipe(z.string().regex(/^[\p{L}\p{N}_$.@-]{1,64}$/u, DataSourceMsg.userFormat)),
};
type ConnectionKey = keyof typeof connectionFields;
const CONNECTION_KEYS = Object.keys(connectionFields) as ConnectionKey[];

/** Empty means none on add and "keep the stored one" on edit; it is never answered. */
const password = z.string().max(128, DataSourceMsg.passwordLength).nullish();

const fields = {
  name: required(100, DataSourceMsg.nameRequired),
  code: z
    .string({ error: DataSourceMsg.codeRequired })
    .refine((v) => v.trim() !== '', DataSourceMsg.codeRequired)
    .pipe(z.string().regex(DATA_SOURCE_CODE_PATTERN, DataSourceMsg.codeFormat)),
  ...connectionFields,
  password,
  remark: z.string().max(255, '备注不能超过255个字符').nullish(),
};

export const dataSourceAddBody = z.object(fields);
/** On edit an empty password keeps the stored one; `clearPassword` removes it (a user without a password). */
export const dataSourceEditBody = z.object({ id: idField, ...fields, clearPassword: z.boolean().optional() });
export type DataSourceAddBody = z.output<typeof dataSourceAddBody>;
/** `code` is absent only in the stock form's edit, which never sends it (the code stays). */
export type DataSourceEditBody = Omit<z.output<typeof dataSourceEditBody>, 'code'> & { code?: string };

/** The drivers a stock form may name for each type (it fills in the MySQL one itself). */
const STOCK_DRIVERS: Record<DataSourceTypeValue, readonly string[]> = {
  '4': ['org.postgresql.Driver'],
  '1': ['com.mysql.cj.jdbc.Driver', 'com.mysql.jdbc.Driver', 'org.mariadb.jdbc.Driver'],
};
const STOCK_SCHEMES: Record<DataSourceTypeValue, readonly string[]> = { '4': ['postgresql'], '1': ['mysql', 'mariadb'] };
const JDBC_URL = /^jdbc:([a-z]+):\/\/([^/?#;,\s]+?)(?::(\d{1,5}))?\/([^?#;/\s]*)(?:[?;].*)?$/;

/** The stock form's driver class and JDBC address as a stored driver and address read back. */
export const stockDriverOf = (dbType: string) => STOCK_DRIVERS[dbType as DataSourceTypeValue]?.[0] ?? '';
export const stockUrlOf = (s: { dbType: string; host: string; port: number; databaseName: string }) =>
  `jdbc:${s.dbType === DataSourceType.mysql ? 'mysql' : 'postgresql'}://${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}/${s.databaseName}`;

/**
 * The stock 多数据源 form sends 驱动类 (dbDriver), 数据源地址 (dbUrl), 数据库名称 (dbName), dbUsername and
 * dbPassword. They are read into our structured fields: the address gives only host, port and database
 * (its options after ? or ; are not used, so nothing typed reaches the driver), the driver must be one
 * for the type. Whatever stale host or port the listed record carried is replaced by the address's.
 */
const stockConnection = z
  .looseObject({
    dbType: z.unknown(),
    dbDriver: z.string().max(200, DataSourceMsg.stockDriver).nullish(),
    dbUrl: z.string({ error: DataSourceMsg.stockUrl }).max(1000, DataSourceMsg.stockUrl),
    dbName: z.string().max(64, DataSourceMsg.databaseFormat).nullish(),
    dbUsername: z.unknown(),
    dbPassword: z.string().max(128, DataSourceMsg.passwordLength).nullish(),
  })
  .transform((sent, ctx): unknown => {
    const { dbDriver, dbUrl, dbName, dbUsername, dbPassword, ...rest } = sent;
    const refuse = (message: string, field: string) => {
      ctx.issues.push({ code: 'custom', message, input: sent[field], path: [field] });
      return z.NEVER;
    };
    const type = sent.dbType as DataSourceTypeValue;
    const known = (DATA_SOURCE_TYPES as readonly string[]).includes(String(sent.dbType));
    if (!known) return refuse(sent.dbType === undefined || sent.dbType === '' ? DataSourceMsg.typeRequired : DataSourceMsg.typeInvalid, 'dbType');
    const url = JDBC_URL.exec(dbUrl.trim());
    if (!url) return refuse(DataSourceMsg.stockUrl, 'dbUrl');
    const [, scheme, rawHost, port, inUrl] = url;
    if (!STOCK_SCHEMES[type].includes(scheme)) return refuse(DataSourceMsg.stockUrlType, 'dbUrl');
    if (dbDriver?.trim() && !STOCK_DRIVERS[type].includes(dbDriver.trim())) return refuse(DataSourceMsg.stockDriver, 'dbDriver');
    let database = inUrl;
    try {
      database = decodeURIComponent(inUrl);
    } catch {
      return refuse(DataSourceMsg.databaseFormat, 'dbUrl');
    }
    const named = dbName?.trim() ?? '';
    if (named && database && named !== database) return refuse(DataSourceMsg.stockDbName(named, database), 'dbName');
    return {
      ...rest,
      host: rawHost.replace(/^\[(.*)\]$/, '$1'),
      port: port ?? DEFAULT_PORTS[type],
      databaseName: database || named,
      username: dbUsername,
      password: dbPassword,
    };
  });
/** When neither shape fits, the reason is the one of the shape that was sent (with `dbUrl`: the stock form's). */
const formReason = (issue: { input?: unknown; errors?: { message: string }[][] }) => {
  const stockSent = typeof issue.input === 'object' && issue.input !== null && 'dbUrl' in issue.input;
  return issue.errors?.[stockSent ? 1 : 0]?.[0]?.message;
};
const fromStock = <Out>(body: z.ZodType<Out>) => stockConnection.pipe(body as z.ZodType<Out, unknown>);
// ours first: complete structured fields are ours (the stock form never sends them all: its edit has no code)
export const dataSourceAddRequest = z.union([dataSourceAddBody, fromStock(dataSourceAddBody)], { error: formReason });
export const dataSourceEditRequest = z.union([dataSourceEditBody, fromStock(dataSourceEditBody.extend({ code: fields.code.optional() }))], {
  error: formReason,
});

export const dataSourceRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  dbType: z.string(),
  dbType_dictText: z.string(),
  host: z.string(),
  port: z.number(),
  databaseName: z.string(),
  username: z.string(),
  /** a password is stored (its value is never answered) */
  passwordSet: z.boolean(),
  /** the stock list's and form's 驱动类, 数据源地址, 数据库名称, 用户名, read from the fields above */
  dbDriver: z.string(),
  dbUrl: z.string(),
  dbName: z.string(),
  dbUsername: z.string(),
  remark: z.string().nullable(),
  ...auditShape,
});
export type DataSourceRecord = z.infer<typeof dataSourceRecordSchema>;

export const DataSourcePerm = permCodes('system:dataSource', ['list', 'add', 'edit', 'delete', 'test']);

export const DATA_SOURCE_BASE = '/sys/dataSource';

/** 多数据源 as a standard resource: `/sys/dataSource/list` … `deleteBatch`. */
export const dataSourceResource = defineResource<DataSourceRecord>()({
  basePath: DATA_SOURCE_BASE,
  entity: '数据源',
  perm: DataSourcePerm,
  record: dataSourceRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: dataSourceAddRequest,
  editBody: dataSourceEditRequest,
  docs: {
    add: {
      description:
        '连接信息为结构化字段（无连接地址）；dbType 取字典 database_type：4 PostgreSQL、1 MySQL / MariaDB。密码以 AES-256-GCM 加密保存，任何答复都不含密码，只有 passwordSet。',
    },
    edit: { description: '编码不可修改；密码留空则保留原密码（修改类型、主机或端口时须重新填写），clearPassword 为 true 时清除密码。' },
  },
});

/**
 * What 测试连接 takes: a saved source (`{ id }` alone), or the form's values not yet saved. With both an
 * id and the form's values, an empty password means the saved source's password (the form never shows it).
 */
export const dataSourceTestBody = z
  .object({
    id: idField.optional(),
    dbType: connectionFields.dbType.optional(),
    host: connectionFields.host.optional(),
    port: connectionFields.port.optional(),
    databaseName: connectionFields.databaseName.optional(),
    username: connectionFields.username.optional(),
    password,
  })
  .superRefine((body, ctx) => {
    const given = CONNECTION_KEYS.filter((key) => body[key] !== undefined);
    if (given.length === 0) {
      if (!body.id) ctx.addIssue({ code: 'custom', message: DataSourceMsg.testNeedsInput, path: ['id'] });
      return;
    }
    const missing: Record<ConnectionKey, string> = {
      dbType: DataSourceMsg.typeRequired,
      host: DataSourceMsg.hostRequired,
      port: DataSourceMsg.port,
      databaseName: DataSourceMsg.databaseRequired,
      username: DataSourceMsg.userRequired,
    };
    for (const key of CONNECTION_KEYS) if (body[key] === undefined) ctx.addIssue({ code: 'custom', message: missing[key], path: [key] });
  });
export type DataSourceTestBody = z.output<typeof dataSourceTestBody>;
/** The stock form's 测试 (`/online/cgreport/api/testConnection`): its fields read as ours, then the same test. */
export const dataSourceStockTestBody = fromStock(dataSourceTestBody);

export const dataSourceTestReply = z.object({
  /** what the server says it is: `PostgreSQL 15.18`, `MariaDB 10.11.19` */
  serverVersion: z.string(),
  elapsedMs: z.number(),
});
export type DataSourceTestReply = z.infer<typeof dataSourceTestReply>;

/** 测试连接: one connection, at most three seconds, a Chinese reason when it fails. */
export const dataSourceFlow = defineFlow<DataSourceRecord>()({
  basePath: DATA_SOURCE_BASE,
  actions: {
    testConnection: {
      path: 'testConnection',
      permission: DataSourcePerm.test,
      body: dataSourceTestBody,
      reply: dataSourceTestReply,
      label: '测试连接',
      input: (r) => ({ id: r.id }),
      inline: true,
      summary: '测试连接（已保存的数据源，或表单中尚未保存的连接信息）',
    },
    stockTestConnection: {
      path: '/online/cgreport/api/testConnection',
      permission: DataSourcePerm.test,
      body: dataSourceStockTestBody,
      reply: dataSourceTestReply,
      summary: '测试连接（原版多数据源表单：dbType、dbDriver、dbUrl、dbName、dbUsername、dbPassword）',
    },
  },
});
