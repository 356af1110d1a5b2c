import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { GatewayStatus } from '@sbwq/contracts';
import { sysGatewayRoute } from './gateway.table.ts';

/**
 * The association's integrations as an administrator would have set them up over the autumn: the trademark
 * office's announcement and register look-ups, an e-commerce platform's complaint intake, the notary's
 * evidence service and a courier's tracking. A route whose upstream name is not in this server's
 * GATEWAY_UPSTREAMS is seeded 停用 (it could not be saved enabled through the screen either).
 */
const demoRoutes = [
  {
    routerId: 'cnipa-announcement',
    name: '商标公告查询',
    pathPrefix: '/gateway/cnipa/announcement',
    upstream: 'cnipa-mock',
    methods: 'GET',
    headerName: null,
    headerValue: null,
    stripPrefix: 1,
    needLogin: 1,
    sortOrder: 10,
    remark: '按公告期号、注册号查询初审公告与注册公告，供维权立案前核对权利状态',
    createBy: 'admin',
    createTime: '2026-09-08T02:15:00Z',
  },
  {
    routerId: 'cnipa-register',
    name: '商标注册信息检索',
    pathPrefix: '/gateway/cnipa/trademark',
    upstream: 'cnipa-mock',
    methods: 'GET,POST',
    headerName: null,
    headerValue: null,
    stripPrefix: 1,
    needLogin: 1,
    sortOrder: 20,
    remark: '按注册号、商标名称、类别检索注册信息与法律状态',
    createBy: 'admin',
    createTime: '2026-09-08T02:40:00Z',
  },
  {
    routerId: 'ecommerce-complaint',
    name: '电商平台侵权投诉',
    pathPrefix: '/gateway/ecommerce/complaint',
    upstream: 'ecommerce-ipp',
    methods: 'POST',
    headerName: 'X-Platform',
    headerValue: 'taobao',
    stripPrefix: 1,
    needLogin: 1,
    sortOrder: 30,
    remark: '向电商知识产权保护平台提交侵权链接投诉（仅 X-Platform: taobao 的请求）',
    createBy: 'admin',
    createTime: '2026-10-12T07:05:00Z',
  },
  {
    routerId: 'evidence-notary',
    name: '电子存证取证',
    pathPrefix: '/gateway/evidence',
    upstream: 'evidence-notary',
    methods: 'GET,POST',
    headerName: null,
    headerValue: null,
    stripPrefix: 1,
    needLogin: 1,
    sortOrder: 40,
    remark: '线索批次的网页取证与区块链存证，取证报告回传文件信息',
    createBy: 'admin',
    createTime: '2026-10-20T01:30:00Z',
  },
  {
    routerId: 'logistics-track',
    name: '物流单号查询',
    pathPrefix: '/gateway/logistics/track',
    upstream: 'logistics-kuaidi',
    methods: 'GET',
    headerName: null,
    headerValue: null,
    stripPrefix: 1,
    needLogin: 0,
    sortOrder: 50,
    remark: '试购取证的快递单号查询，无需登录（承运方只提供公开查询）',
    createBy: 'admin',
    createTime: '2026-11-03T06:20:00Z',
  },
] as const;

export async function seedGatewayDemo(db: Db, allowed: string[]): Promise<void> {
  for (const route of demoRoutes) {
    await db
      .insert(sysGatewayRoute)
      .values({
        id: newId(),
        ...route,
        createTime: new Date(route.createTime),
        status: allowed.includes(route.upstream) ? GatewayStatus.enabled : GatewayStatus.disabled,
      })
      .onConflictDoNothing();
  }
}
