/**
 * What each role's screens call (bench:load): the shell's calls every page makes (menus and permissions,
 * the notice bell, dictionaries), each role's lists with filters and paging, a record's detail, and the
 * 分析页 statistics; and the saves that can be repeated without end — edits of a 草稿 线索批次 (机构用户),
 * and of a 草稿 受保护权利 (权利人), of a 筹备 资金池 (财务), and drafts of notices (管理员). Ids come from the demo data, read once before.
 */
export type Role = 'admin' | 'reviewer' | 'finance' | 'agency' | 'holder';
export type Call = { name: string; method: 'GET' | 'POST' | 'PUT'; path: () => string; body?: () => unknown };
export type Fetch = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<unknown>;

type Page = { records: Record<string, unknown>[]; total: number };

const get = (name: string, url: string | (() => string)): Call => ({ name, method: 'GET', path: typeof url === 'string' ? () => url : url });
const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
let serial = 0;

/** What every screen's frame calls: the menu, the bell, and the dictionaries of its columns and filters. */
const shell = (dicts: string[]): Call[] => [
  get('菜单与权限', '/sys/permission/getUserPermissionByToken'),
  get('通知铃铛', '/sys/annountCement/listByUser'),
  ...dicts.map((code) => get(`字典 ${code}`, `/sys/dict/getDictItems/${code}`)),
];

const ids = (page: unknown) => (page as Page).records.map((r) => String(r.id));

/** A 草稿's edit as the form sends it: the record read back, with one field changed. */
async function draftEdits(as: Fetch, label: string): Promise<Call[]> {
  const drafts = ids(await as('GET', '/rights/threaded/list?pageNo=1&pageSize=50&status=1'));
  if (drafts.length === 0) throw new Error(`${label}: the demo organisation has no 草稿 batch`);
  const records = await Promise.all(drafts.map((id) => as('GET', `/rights/threaded/queryById?id=${id}`) as Promise<Record<string, unknown>>));
  return [
    {
      name: '线索批次草稿保存',
      method: 'PUT',
      path: () => '/rights/threaded/edit',
      body: () => {
        const r = any(records);
        return {
          id: r.id,
          batchName: r.batchName,
          rightIds: r.rightIds,
          infringeType: r.infringeType,
          clueSource: r.clueSource,
          platform: r.platform,
          rightsMethod: r.rightsMethod,
          poolId: r.poolId,
          description: r.description,
          evidenceFiles: r.evidenceFiles,
          remark: `压测保存 ${++serial}`,
        };
      },
    },
  ];
}

/** A 草稿 or rejected 受保护权利's edit (权利人): the record read back, with its remark changed. */
async function rightEdits(as: Fetch, label: string): Promise<Call[]> {
  const own = ((await as('GET', '/rights/right/list?pageNo=1&pageSize=100')) as Page).records.filter((r) => r.editable === true);
  if (own.length === 0) throw new Error(`${label}: the demo organisation has no editable 受保护权利`);
  return [{ name: '受保护权利草稿保存', method: 'PUT', path: () => '/rights/right/edit', body: () => ({ ...any(own), remark: `压测保存 ${++serial}` }) }];
}

async function orgReads(as: Fetch, claims: boolean): Promise<Call[]> {
  const batches = ids(await as('GET', '/rights/threaded/list?pageNo=1&pageSize=50'));
  const rights = ids(await as('GET', '/rights/right/list?pageNo=1&pageSize=20'));
  return [
    ...shell(['threaded_status', 'infringe_platform', 'rights_method']),
    get('线索批次列表', '/rights/threaded/list?pageNo=1&pageSize=10'),
    get('线索批次列表 第2页', '/rights/threaded/list?pageNo=2&pageSize=10'),
    get('线索批次列表 按状态', '/rights/threaded/list?pageNo=1&pageSize=10&status=7'),
    get('线索批次列表 按名称', '/rights/threaded/list?pageNo=1&pageSize=10&batchName=*维权*'),
    get('线索批次详情', () => `/rights/threaded/queryById?id=${any(batches)}`),
    get('线索明细', () => `/rights/threaded/item/list?batchId=${any(batches)}&pageNo=1&pageSize=10`),
    get('维权进度', () => `/rights/threaded/progress/list?batchId=${any(batches)}`),
    get('受保护权利列表', '/rights/right/list?pageNo=1&pageSize=10'),
    get('受保护权利详情', () => `/rights/right/queryById?id=${any(rights)}`),
    get('本机构', '/rights/org/mine'),
    ...(claims ? [get('报销列表', '/rights/financeRecord/list?pageNo=1&pageSize=10')] : []),
    get('首页 线索申请数', '/sys/api/threadedApplyNum'),
    get('首页 按月申请数', '/sys/api/monthThreadedApplyNum'),
    get('首页 到期统计', '/sys/api/rightExpiryStatistics'),
    get('首页 维权结果', '/sys/api/batchResultStatistics?by=platform'),
  ];
}

export async function workloads(as: (role: Role) => Fetch): Promise<Record<Role, { reads: Call[]; writes: Call[] }>> {
  const admin = as('admin');
  const users = ids(await admin('GET', '/sys/user/list?pageNo=1&pageSize=50'));
  const staffBatches = ids(await as('reviewer')('GET', '/rights/threaded/list?pageNo=1&pageSize=50'));
  const orgs = ids(await as('reviewer')('GET', '/rights/org/list?pageNo=1&pageSize=20'));
  const finance = as('finance');
  const claims = ids(await finance('GET', '/rights/financeRecord/list?pageNo=1&pageSize=50'));
  const pools = (await finance('GET', '/rights/capitalPool/list?pageNo=1&pageSize=20')) as Page;
  const preparing = pools.records.filter((p) => p.status === '1');
  if (preparing.length === 0) throw new Error('the demo has no 筹备 pool to edit');

  return {
    admin: {
      reads: [
        ...shell(['sex', 'user_status']),
        get('用户列表', '/sys/user/list?pageNo=1&pageSize=10'),
        get('用户列表 第3页', '/sys/user/list?pageNo=3&pageSize=10'),
        get('用户列表 按姓名', '/sys/user/list?pageNo=1&pageSize=10&realname=*压测*'),
        get('用户列表 按状态排序', '/sys/user/list?pageNo=1&pageSize=10&status=1&column=username&order=asc'),
        get('用户详情', () => `/sys/user/queryById?id=${any(users)}`),
        get('用户角色', () => `/sys/user/queryUserRole?userid=${any(users)}`),
        get('角色列表', '/sys/role/list?pageNo=1&pageSize=10'),
        get('字典列表', '/sys/dict/list?pageNo=1&pageSize=10'),
        get('部门树', '/sys/sysDepart/queryTreeList'),
        get('菜单管理', '/sys/permission/list'),
        get('通告列表', '/sys/annountCement/list?pageNo=1&pageSize=10'),
        get('首页 登录统计', '/sys/loginfo'),
        get('首页 访问统计', '/sys/visitInfo'),
      ],
      writes: [
        {
          name: '通告草稿保存',
          method: 'POST',
          path: () => '/sys/annountCement/add',
          body: () => ({ titile: `压测通告 ${++serial}`, msgContent: '<p>压测</p>', msgType: 'ALL', msgCategory: '1', priority: 'L' }),
        },
      ],
    },
    reviewer: {
      reads: [
        ...shell(['threaded_status', 'approval_result', 'audit_status']),
        get('线索批次列表', '/rights/threaded/list?pageNo=1&pageSize=10'),
        get('线索批次列表 第3页', '/rights/threaded/list?pageNo=3&pageSize=10'),
        get('线索批次列表 待审核', '/rights/threaded/list?pageNo=1&pageSize=10&status=2'),
        get('线索批次详情', () => `/rights/threaded/queryById?id=${any(staffBatches)}`),
        get('线索明细', () => `/rights/threaded/item/list?batchId=${any(staffBatches)}&pageNo=1&pageSize=10`),
        get('审批记录', () => `/rights/approval/list?bizId=${any(staffBatches)}&pageNo=1&pageSize=10`),
        get('待办', '/rights/approval/todo?pageNo=1&pageSize=10'),
        get('待办数', '/rights/approval/todoCount'),
        get('机构列表', '/rights/org/list?pageNo=1&pageSize=10'),
        get('机构详情', () => `/rights/org/queryById?id=${any(orgs)}`),
        get('受保护权利列表', '/rights/right/list?pageNo=1&pageSize=10'),
        get('分析页 线索申请数', '/sys/api/threadedApplyNum'),
        get('分析页 通过数', '/sys/api/threadedApplyPassNum'),
        get('分析页 按月申请数', '/sys/api/monthThreadedApplyNum'),
        get('分析页 维权结果', '/sys/api/batchResultStatistics?by=rightsMethod'),
        get('分析页 到期统计', '/sys/api/rightExpiryStatistics'),
        get('任务统计', `/sys/api/taskThroughput?startDate=${monthAgo}&endDate=${today}`),
        get('业务监控', '/sys/api/monitorToday'),
      ],
      writes: [],
    },
    finance: {
      reads: [
        ...shell(['pool_status', 'claim_status', 'fund_source']),
        get('资金池列表', '/rights/capitalPool/list?pageNo=1&pageSize=10'),
        get('资金池日志', '/rights/capitalPoolLog/list?pageNo=1&pageSize=10'),
        get('报销列表', '/rights/financeRecord/list?pageNo=1&pageSize=10'),
        get('报销列表 按状态', '/rights/financeRecord/list?pageNo=1&pageSize=10&status=3'),
        get('报销详情', () => `/rights/financeRecord/queryById?id=${any(claims)}`),
        get('付款队列', '/rights/financeRecord/payment/list?pageNo=1&pageSize=10'),
        get('银行账户', '/rights/bank/list?pageNo=1&pageSize=10'),
        get('分析页 资金池统计', '/sys/api/capitalPoolStatisticalList'),
        get('分析页 余额走势', '/sys/api/poolLines'),
        get('分析页 待付款', '/sys/api/pendingPaymentSummary'),
      ],
      writes: [
        {
          name: '资金池（筹备）保存',
          method: 'PUT',
          path: () => '/rights/capitalPool/edit',
          body: () => {
            const p = any(preparing);
            const { id, poolName, fundSource, poolYear, totalAmount, subsidyPerCase, orgCap, validFrom, validTo } = p;
            return { id, poolName, fundSource, poolYear, totalAmount, subsidyPerCase, orgCap, validFrom, validTo, remark: `压测保存 ${++serial}` };
          },
        },
      ],
    },
    agency: { reads: await orgReads(as('agency'), true), writes: await draftEdits(as('agency'), 'agency') },
    holder: { reads: await orgReads(as('holder'), false), writes: await rightEdits(as('holder'), 'holder') },
  };
}
