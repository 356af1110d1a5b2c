import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@sbwq/contracts';
import { ADMIN_PASSWORD, RoleId } from '../../test/harness.ts';
import { certifiedOrg, rightsRig, submittedOrg } from './shared/test-fixtures.ts';

type Perms = { menu: MenuNode[]; auth: { action: string }[] };
const RIGHTS_SECTIONS = ['入驻与认证', '机构管理', '权利管理', '审批管理'];
/** The rights sections' screens only: other issues add their own sections to the same roles. */
const rightsScreens = (menu: MenuNode[]) => screensOf(menu).filter((s) => RIGHTS_SECTIONS.includes(s.split(' > ')[0]));

/** "section > screen" for every visible screen of a menu tree. */
function screensOf(menu: MenuNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: MenuNode[], trail: string[]) => {
    for (const node of nodes) {
      if (node.hidden) continue;
      const here = [...trail, node.meta.title];
      if (node.children?.length) walk(node.children, here);
      else out.push(here.join(' > '));
    }
  };
  walk(menu, []);
  return out;
}

describe('DOMAIN roles: the rights menu sections by role, and the onboarding gate of organisation users', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('menurev', [RoleId.reviewer]);
  const perms = async (token: string): Promise<Perms> => (await rig.call(token, 'GET', '/sys/permission/getUserPermissionByToken')).result;

  it('an organisation user whose organisation is not enrolled sees only 首页 and the two onboarding pages', async () => {
    const org = await submittedOrg(rig, 71);
    const { menu, auth } = await perms(org.token);
    expect(screensOf(menu)).toEqual(['首页', '入驻与认证 > 机构入驻', '入驻与认证 > 认证']);
    const enter = menu.find((m) => m.meta.title === '入驻与认证')!.children!;
    expect(enter.map((m) => [m.path, m.component])).toEqual([
      ['/dashboard/enter-organisation', 'dashboard/EnterOrganisation'],
      ['/dashboard/certification', 'dashboard/Certification'],
    ]);
    const actions = auth.map((a) => a.action);
    expect(actions).toContain('rights:org:enrol');
    expect(actions).not.toContain('rights:right:add');
    expect(actions).not.toContain('rights:bank:add');
  });

  it('enrolled but not yet certified: still only the onboarding pages; certified: the rights screens appear', async () => {
    const pending = await submittedOrg(rig, 72);
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: pending.orgId, result: 'pass' });
    expect(screensOf((await perms(pending.token)).menu)).toEqual(['首页', '入驻与认证 > 机构入驻', '入驻与认证 > 认证']);

    const org = await certifiedOrg(rig, reviewer.token, 73);
    const { menu, auth } = await perms(org.token);
    expect(rightsScreens(menu)).toEqual([
      '入驻与认证 > 机构入驻',
      '入驻与认证 > 认证',
      '机构管理 > 机构银行账户',
      '权利管理 > 受保护权利',
      '权利管理 > 文件信息',
      '权利管理 > 线索批次',
      '审批管理 > 审批记录',
    ]);
    expect(auth.map((a) => a.action)).toEqual(expect.arrayContaining(['rights:right:add', 'rights:right:import', 'rights:bank:add', 'rights:threaded:submit']));
    expect(auth.map((a) => a.action)).not.toContain('rights:threaded:review');
    expect(auth.map((a) => a.action)).not.toContain('rights:right:approve');
  });

  it('a disabled organisation is gated again', async () => {
    const org = await certifiedOrg(rig, reviewer.token, 74);
    const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
    expect((await rig.call(admin, 'POST', '/rights/org/disable', { id: org.orgId })).success).toBe(true);
    expect(screensOf((await perms(org.token)).menu)).toEqual(['首页', '入驻与认证 > 机构入驻', '入驻与认证 > 认证']);
  });

  it('staff menus: the reviewer approves, finance keeps accounts, the admin sees every section', async () => {
    expect(rightsScreens((await perms(reviewer.token)).menu)).toEqual([
      '机构管理 > 机构列表',
      '机构管理 > 入驻审批',
      '机构管理 > 认证审批',
      '权利管理 > 受保护权利',
      '权利管理 > 文件信息',
      '权利管理 > 线索批次',
      '审批管理 > 待我审批',
      '审批管理 > 审批记录',
    ]);
    const finance = await rig.staff('menufin', [RoleId.finance]);
    const financeScreens = screensOf((await perms(finance.token)).menu);
    expect(financeScreens).toContain('机构管理 > 机构银行账户');
    expect(financeScreens).not.toContain('机构管理 > 入驻审批');
    const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
    const adminScreens = screensOf((await perms(admin)).menu);
    for (const screen of [
      '入驻与认证 > 机构入驻',
      '机构管理 > 机构列表',
      '机构管理 > 机构银行账户',
      '权利管理 > 受保护权利',
      '权利管理 > 文件信息',
      '审批管理 > 待我审批',
    ]) {
      expect(adminScreens).toContain(screen);
    }
  });
});
