import { type LoginResult, type MenuNode } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, startSession, useSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer, type Route } from '../../../test/fakeServer.ts';
import { grantCodes } from '../../../test/render.tsx';
import { Workplace } from './Workplace.tsx';
import { quickLinks } from './WorkplacePanels.tsx';

configure({ asyncUtilTimeout: 5_000 });

const page = <T,>(records: T[], total = records.length) => envelope({ records, total, size: 5, current: 1, pages: 1 });
const node = (id: string, path: string, title: string, children?: MenuNode[], extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  route: '1',
  path,
  name: id,
  component: children ? 'layouts/RouteView' : `x/${id}`,
  meta: { keepAlive: false, internalOrExternal: false, title },
  ...(children ? { children } : {}),
  ...extra,
});
const menu: MenuNode[] = [
  node('home', '/dashboard/analysis', '首页'),
  node('rights', '/rights', '权利管理', [
    node('rightList', '/rights/right/list', '受保护权利'),
    node('hiddenOne', '/rights/x', '隐藏', undefined, { hidden: true }),
  ]),
  node('isps', '/isps', '个人办公', [node('wp', '/dashboard/workplace', '工作台'), node('msg', '/isps/userAnnouncement', '我的消息')]),
];

function show(codes: string[], routes: Record<string, Route>) {
  clearLocalSession();
  startSession({ token: 't', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
  useSession.setState({ menu });
  grantCodes(codes);
  fakeServer(routes);
  const router = createMemoryRouter([{ path: '*', element: <Workplace /> }], { initialEntries: ['/dashboard/workplace'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const cardOf = async (title: string | RegExp) => (await screen.findByText(title)).closest('.ant-card') as HTMLElement;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('工作台 (spec §2 dashboard workplace)', () => {
  it("quick links are the user's own menu screens, without hidden rows and the home pages", () => {
    expect(quickLinks(menu, ['/dashboard/analysis', '/dashboard/workplace'])).toEqual([
      { path: '/rights/right/list', title: '受保护权利' },
      { path: '/isps/userAnnouncement', title: '我的消息' },
    ]);
  });

  it('staff: 我的待办 from the approvals workbench with its total, 最近动态, 最新公告 (unread marked), quick links', async () => {
    show(['rights:approval:todo', 'rights:approval:list'], {
      'GET /rights/org/status': () => ({ body: envelope({ staff: true, nextStep: 'done' }) }),
      'GET /rights/approval/todo': () => ({
        body: page(
          [
            {
              bizType: 'right',
              bizType_dictText: '权利备案',
              bizId: 'r1',
              bizTitle: '华光（第9类 30000001）',
              node: 'review',
              node_dictText: '审核',
              orgName: '甲公司',
              submitBy: null,
              submitByName: null,
              submitTime: '2026-11-20 10:00:00',
            },
          ],
          12,
        ),
      }),
      'GET /rights/approval/list': () => ({
        body: page([
          {
            id: 'a1',
            bizType: 'org',
            bizType_dictText: '入驻',
            bizId: 'o1',
            bizTitle: '乙公司',
            node: 'enrol',
            node_dictText: '入驻审核',
            result: '1',
            result_dictText: '通过',
            opinion: null,
            approverId: 'u1',
            approverName: '审核员甲',
            approveTime: '2026-11-21 09:00:00',
            orgId: null,
            sysOrgCode: null,
          },
        ]),
      }),
      'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': () => ({
        body: page([{ id: 's1', anntId: 'n1', titile: '关于年度维权资金申报的通知', sender: 'admin', sendTime: '2026-11-22 08:00:00', readFlag: '0' }]),
      }),
    });
    const todo = await cardOf('我的待办（12）');
    expect(within(todo).getByText('权利备案')).toBeTruthy();
    expect(within(todo).getByText('查看全部').getAttribute('href')).toBe('/rights/approval/todo');
    expect(within(todo).getByText('华光（第9类 30000001）').closest('a')?.getAttribute('href')).toBe('/rights/approval/todo?bizType=right');
    const recent = await cardOf('最近动态');
    expect(await within(recent).findByText('通过')).toBeTruthy();
    expect(within(recent).getByText(/审核员甲\s+入驻审核\s+2026-11-21 09:00/)).toBeTruthy();
    const notices = await cardOf('最新公告');
    expect(await within(notices).findByText('关于年度维权资金申报的通知')).toBeTruthy();
    expect(notices.querySelector('.ant-badge-dot')).not.toBeNull();
    const links = await cardOf('快捷入口');
    expect(within(links).getByText('受保护权利').closest('a')?.getAttribute('href')).toBe('/rights/right/list');
  });

  it('an organisation user: what waits on them next instead of the workbench; an empty message list says 暂无数据', async () => {
    show(['rights:right:list'], {
      'GET /rights/org/status': () => ({ body: envelope({ staff: false, nextStep: 'done' }) }),
      'GET /rights/right/list': (url) => ({ body: page([], url.searchParams.get('auditStatus') === '2' ? 3 : 0) }),
      'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': () => ({ body: page([]) }),
    });
    const rejected = await screen.findByRole('link', { name: '被驳回的权利：查看列表' });
    expect(await within(rejected).findByText('3')).toBeTruthy();
    expect(screen.queryByText(/我的待办/)).toBeNull();
    expect(within(await cardOf('最新公告')).getByText('暂无数据')).toBeTruthy();
  });
});
