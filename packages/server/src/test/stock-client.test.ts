import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, type Method } from './harness.ts';
import { lastCaptchaAnswer, watchCaptchas } from './captcha.ts';

/**
 * The bodies and queries the stock JeecgBoot 2.3 Vue client (ant-design-vue-jeecg v2.3.0) sends for
 * the calls we serve, as its screens build them: numbers from `new Date().getTime()` and number
 * selects, booleans from switches, the whole list row sent back on edit, and `_t` on every GET (its
 * request interceptor adds it). Issue: the stock client must sign in and load its own system screens.
 */
describe('the stock JeecgBoot 2.3 client: what its screens send is accepted (JEECG-API §2–§5)', async () => {
  const t = await createTestApp();
  let token = '';
  // the token changes when the client signs in again, so it is read at each call
  const call = (method: Method, path: string, payload?: unknown) => t.request(token, method, path, payload);
  /** a stock GET: its interceptor puts `_t` (seconds) before the screen's own parameters */
  const get = (path: string, query: Record<string, string> = {}) => call('GET', `${path}?${new URLSearchParams({ _t: '1732372800', ...query })}`);
  const succeeds = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).success, res.body).toBe(true);
    return json(res).result;
  };

  it('Login.vue: randomImage with the time as key, then login with checkKey as that number, remember_me, captcha; then selectDepart by PUT', async () => {
    const currdatetime = 1732372800456;
    watchCaptchas();
    await succeeds(await t.inject({ url: t.api(`/sys/randomImage/${currdatetime}`) }));
    const login = await t.inject({
      method: 'POST',
      url: t.api('/sys/login'),
      payload: { username: 'admin', password: ADMIN_PASSWORD, captcha: lastCaptchaAnswer(), checkKey: currdatetime, remember_me: true },
    });
    const result = await succeeds(login);
    expect(json(login).code).toBe(200);
    token = result.token;
    await succeeds(await call('PUT', '/sys/selectDepart', { orgCode: result.departs[0].orgCode, username: 'admin' }));
    // its permission store passes the token as a query parameter too
    const menu = await succeeds(await get('/sys/permission/getUserPermissionByToken', { token }));
    expect(menu.menu.length).toBeGreaterThan(0);
  });

  it('what its system screens load when they open answers without an HTTP error (users, roles, menus, departments, dictionaries, positions)', async () => {
    const admin = (await succeeds(await get('/sys/user/list', { username: 'admin' }))).records[0];
    const [role] = (await succeeds(await get('/sys/role/list'))).records;
    const [depart] = (await succeeds(await get('/sys/sysDepart/queryTreeList'))) as { id: string }[];
    const [dict] = (await succeeds(await get('/sys/dict/list'))).records;
    const opened: [string, Record<string, string>?][] = [
      ['/sys/user/getCurrentUserDeparts'],
      ['/sys/user/queryUserRole', { userid: admin.id }],
      ['/sys/user/userDepartList', { userId: admin.id }],
      ['/sys/role/queryall'],
      ['/sys/role/queryTreeList'],
      ['/sys/permission/list'],
      ['/sys/permission/queryTreeList'],
      ['/sys/permission/queryRolePermission', { roleId: role.id }],
      ['/sys/user/userRoleList', { roleId: role.id, pageNo: '1', pageSize: '10' }],
      ['/sys/sysDepart/queryIdTree'],
      ['/sys/user/departUserList', { depId: depart.id, pageNo: '1', pageSize: '10' }],
      ['/sys/sysDepartRole/list', { deptId: depart.id, pageNo: '1', pageSize: '10' }],
      ['/sys/dict/queryAllDictItems'],
      ['/sys/dict/getDictItems/sex'],
      ['/sys/dictItem/list', { dictId: dict.id, pageNo: '1', pageSize: '10' }],
      ['/sys/position/list', { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' }],
    ];
    for (const [path, query] of opened) await succeeds(await get(path, query));
  });

  it('UserList/UserModal: list with field and sort, checkOnlyUser, add with number selects, edit with the whole row, frozenBatch with a number, changePassword', async () => {
    await succeeds(
      await get('/sys/user/list', {
        column: 'createTime',
        order: 'desc',
        field: 'id,,,username,realname,avatar,sex_dictText,birthday,phone,orgCodeTxt,status_dictText,action',
        pageNo: '1',
        pageSize: '10',
      }),
    );
    await succeeds(await get('/sys/user/checkOnlyUser', { id: '', username: 'stock01' }));
    await succeeds(
      await call('POST', '/sys/user/add', {
        username: 'stock01',
        password: 'Stock12345',
        confirmpassword: 'Stock12345',
        realname: '库存用户',
        workNo: 'S001',
        post: '',
        telephone: '',
        birthday: '2000-01-02',
        sex: 1,
        email: '',
        phone: '13800000071',
        activitiSync: '1',
        userIdentity: 1,
        departIds: '',
        relTenantIds: '',
        selectedroles: '',
        selecteddeparts: '',
        avatar: null,
      }),
    );
    const [row] = (await succeeds(await get('/sys/user/list', { username: 'stock01' }))).records;
    await succeeds(await call('PUT', '/sys/user/edit', { ...row, realname: '库存用户二', selectedroles: '', selecteddeparts: '' }));
    await succeeds(await call('PUT', '/sys/user/frozenBatch', { ids: `${row.id},`, status: 2 }));
    await succeeds(await call('PUT', '/sys/user/frozenBatch', { ids: row.id, status: 1 }));
    await succeeds(await call('PUT', '/sys/user/changePassword', { username: 'stock01', password: 'Stock54321', confirmpassword: 'Stock54321' }));
  });

  it('RoleList/RoleModal and the grant drawer: add, edit with the whole row, saveRolePermission with comma lists', async () => {
    await succeeds(await call('POST', '/sys/role/add', { roleName: '库存角色', roleCode: 'stock_role', description: '' }));
    const [role] = (await succeeds(await get('/sys/role/list', { roleCode: 'stock_role' }))).records;
    await succeeds(await call('PUT', '/sys/role/edit', { ...role, description: '由原版客户端编辑' }));
    const tree = await succeeds(await get('/sys/role/queryTreeList'));
    const ids = (tree.ids as string[]).slice(0, 2).join(',');
    await succeeds(await call('POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: ids, lastpermissionIds: '' }));
  });

  it('PermissionModal: a menu with number menuType and sortNo and boolean switches, edited with its tree row', async () => {
    const added = await call('POST', '/sys/permission/add', {
      menuType: 0,
      name: '库存菜单',
      url: '/stock',
      component: 'layouts/RouteView',
      icon: 'setting',
      sortNo: 9,
      perms: '',
      permsType: '1',
      route: true,
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      internalOrExternal: false,
      status: '1',
      redirect: '',
    });
    await succeeds(added);
    const rows = (await succeeds(await get('/sys/permission/list'))) as { id: string; name: string }[];
    const menu = rows.find((r) => r.name === '库存菜单')!;
    await succeeds(await call('PUT', '/sys/permission/edit', { ...menu, hidden: true, keepAlive: true }));
  });

  it('DepartList/DepartModal: add with a number departOrder and empty optional fields, edit with the tree node', async () => {
    await succeeds(
      await call('POST', '/sys/sysDepart/add', {
        departName: '库存部门',
        parentId: '',
        orgCategory: '1',
        departOrder: 0,
        mobile: '',
        fax: '',
        address: '',
        memo: '',
      }),
    );
    const tree = (await succeeds(await get('/sys/sysDepart/queryTreeList'))) as { id: string; departName: string }[];
    const node = tree.find((d) => d.departName === '库存部门')!;
    await succeeds(await call('PUT', '/sys/sysDepart/edit', { ...node, memo: '原版客户端' }));
  });

  it('DictList/DictItemList: dict add and edit with the row (type 0), items with number sortOrder and status, duplicate check', async () => {
    await succeeds(await get('/sys/duplicate/check', { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'stock_dict', dataId: '' }));
    await succeeds(await call('POST', '/sys/dict/add', { dictName: '库存字典', dictCode: 'stock_dict', description: '' }));
    const [dict] = (await succeeds(await get('/sys/dict/list', { dictCode: 'stock_dict' }))).records;
    await succeeds(await call('PUT', '/sys/dict/edit', { ...dict, description: '原版客户端' }));
    await succeeds(await call('POST', '/sys/dictItem/add', { dictId: dict.id, itemText: '甲', itemValue: '1', description: '', sortOrder: 1, status: 1 }));
    const [item] = (await succeeds(await get('/sys/dictItem/list', { dictId: dict.id, column: 'createTime', order: 'desc' }))).records;
    await succeeds(await call('PUT', '/sys/dictItem/edit', { ...item, itemText: '乙', status: 0 }));
  });

  it('SysAnnouncementList/Modal and the header bell: add, edit with the row, release, listByUser, my messages, read all', async () => {
    await succeeds(
      await call('POST', '/sys/annountCement/add', {
        titile: '原版客户端通告',
        msgContent: '<p>内容</p>',
        startTime: '2026-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        priority: 'H',
        msgCategory: '1',
        msgType: 'ALL',
        userIds: '',
      }),
    );
    const [notice] = (await succeeds(await get('/sys/annountCement/list', { titile: '原版客户端通告' }))).records;
    await succeeds(await call('PUT', '/sys/annountCement/edit', { ...notice, priority: 'M' }));
    await succeeds(await get('/sys/annountCement/doReleaseData', { id: notice.id }));
    await succeeds(await get('/sys/annountCement/listByUser'));
    await succeeds(await get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' }));
    await succeeds(await call('PUT', '/sys/sysAnnouncementSend/readAll', {}));
  });

  it('the dashboard figures, then UserPassword.vue updatePassword by PUT, and logout by POST', async () => {
    await succeeds(await get('/sys/loginfo'));
    await succeeds(await get('/sys/visitInfo'));
    await succeeds(
      await call('PUT', '/sys/user/updatePassword', {
        username: 'admin',
        oldpassword: ADMIN_PASSWORD,
        password: 'Admin12345y',
        confirmpassword: 'Admin12345y',
      }),
    );
    await succeeds(await call('POST', '/sys/logout'));
  });
});
