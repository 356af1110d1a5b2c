import { isStrongPassword, Msg, PASSWORD_RULE_MESSAGE, userAddBody, userResource, type UserRecord } from '@sbwq/contracts';
import { DatePicker, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import type { FormField, FormMode, ListDefinition, RowAction } from '../../../components/list/types.ts';
import { USER_STATUS_COLORS, userStatusColumn } from '../shared/members.tsx';
import { DepartTreeSelect, PositionSelect, RoleSelect } from '../shared/SystemSelects.tsx';
import { checkOnlyUser, departIdsOf, roleIdsOf, userApi, type UserBody } from './user.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = userAddBody.shape;
export const USER_LIST_KEY = 'system-user';
const DATE = 'YYYY-MM-DD';

/** The server's password rule (contracts), checked before the call. */
export const passwordRule = {
  validator: async (_: unknown, value?: string) => {
    if (!value) throw new Error('请输入密码');
    if (!isStrongPassword(value)) throw new Error(PASSWORD_RULE_MESSAGE);
  },
};

const unique = (field: 'username' | 'phone' | 'email' | 'workNo', record: UserRecord | null) =>
  serverCheckRule((value) => checkOnlyUser(field, value, record?.id));

function userFields(mode: FormMode, record: UserRecord | null): FormField[] {
  const adding = mode === 'add';
  const fields: FormField[] = [
    {
      name: 'username',
      label: '用户账号',
      input: <Input placeholder="请输入用户账号" disabled={!adding} />,
      required: true,
      rules: adding ? [zodRule(shape.username), unique('username', record)] : [],
      validateDebounce: adding ? 400 : undefined,
    },
  ];
  if (adding) {
    fields.push(
      {
        name: 'password',
        label: '登录密码',
        input: <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />,
        required: true,
        rules: [passwordRule],
      },
      {
        name: 'confirmpassword',
        label: '确认密码',
        input: <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />,
        required: true,
        dependencies: ['password'],
        rules: [
          { required: true, message: '请重新输入登录密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value?: string) => {
              if (value && value !== getFieldValue('password')) throw new Error(Msg.passwordsDiffer);
            },
          }),
        ],
      },
    );
  }
  fields.push(
    { name: 'realname', label: '用户姓名', input: <Input placeholder="请输入用户姓名" />, required: true, rules: [zodRule(shape.realname)] },
    {
      name: 'workNo',
      label: '工号',
      input: <Input placeholder="请输入工号" />,
      rules: [zodRule(shape.workNo), unique('workNo', record)],
      validateDebounce: 400,
    },
    { name: 'post', label: '职务', input: <PositionSelect /> },
    { name: 'selectedroles', label: '角色分配', input: <RoleSelect /> },
    { name: 'selecteddeparts', label: '部门分配', input: <DepartTreeSelect multiple /> },
    { name: 'birthday', label: '生日', input: <DatePicker style={{ width: '100%' }} placeholder="请选择生日" /> },
    { name: 'sex', label: '性别', input: <DictSelect code="sex" placeholder="请选择性别" showSearch={false} /> },
    { name: 'email', label: '邮箱', input: <Input placeholder="请输入邮箱" />, rules: [zodRule(shape.email), unique('email', record)], validateDebounce: 400 },
    {
      name: 'phone',
      label: '手机号码',
      input: <Input placeholder="请输入手机号码" />,
      rules: [zodRule(shape.phone), unique('phone', record)],
      validateDebounce: 400,
    },
  );
  return fields;
}

async function loadUser(user: UserRecord): Promise<Record<string, unknown>> {
  const [roles, departs] = await Promise.all([roleIdsOf(user.id), departIdsOf(user.id)]);
  return {
    ...user,
    sex: user.sex === null ? undefined : String(user.sex),
    birthday: user.birthday ? dayjs(user.birthday) : undefined,
    selectedroles: roles,
    selecteddeparts: departs,
  };
}

function userBody(values: Record<string, unknown>, mode: FormMode, record: UserRecord | null): UserBody {
  const list = (value: unknown) => (Array.isArray(value) ? value.join(',') : '');
  const birthday = values.birthday as Dayjs | undefined;
  // the form's values are the body's fields; the rules above checked them as the contract does
  const body = {
    ...values,
    birthday: birthday ? birthday.format(DATE) : null,
    selectedroles: list(values.selectedroles),
    selecteddeparts: list(values.selecteddeparts),
  } as UserBody;
  if (mode === 'edit' && record) {
    body.id = record.id;
    body.username = record.username;
  }
  return body;
}

/** 用户管理's definition (JEECG-API §5.7); the screen adds the dialogs its actions open. */
export function userDefinition(
  actions: RowAction<UserRecord>[],
  toolbar: ListDefinition<UserRecord, UserBody>['toolbar'],
): ListDefinition<UserRecord, UserBody> {
  return {
    key: USER_LIST_KEY,
    ...resourceList(userResource, userApi),
    exportName: '用户信息.xlsx',
    actionColumnWidth: 150,
    search: [
      { name: 'username', label: '账号' },
      { name: 'realname', label: '姓名' },
      { name: 'status', label: '状态', type: 'dict', dictCode: 'user_status' },
      { name: 'phone', label: '手机号码', hidden: true },
      { name: 'departId', label: '部门', type: 'custom', hidden: true, input: <DepartTreeSelect /> },
    ],
    columns: [
      { title: '用户账号', dataIndex: 'username', sorter: true, width: 140, ellipsis: true },
      { title: '用户姓名', dataIndex: 'realname', width: 110, ellipsis: true },
      { title: '性别', dataIndex: 'sex', width: 60, align: 'center', render: (value, user) => <DictTag code="sex" value={value} text={user.sex_dictText} /> },
      { title: '手机号码', dataIndex: 'phone', width: 120 },
      { title: '部门', dataIndex: 'orgCodeTxt', ellipsis: true },
      userStatusColumn(70),
      { title: '创建时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
    ],
    form: { width: 800, fields: userFields, load: loadUser, toBody: userBody },
    detail: [
      { label: '用户账号', field: 'username' },
      { label: '用户姓名', field: 'realname' },
      { label: '性别', render: (user) => user.sex_dictText },
      { label: '生日', field: 'birthday' },
      { label: '手机号码', field: 'phone' },
      { label: '邮箱', field: 'email' },
      { label: '工号', field: 'workNo' },
      { label: '职务', field: 'post' },
      { label: '状态', render: (user) => <DictTag code="user_status" value={user.status} text={user.status_dictText} colors={USER_STATUS_COLORS} /> },
      { label: '部门', field: 'orgCodeTxt', span: 3 },
      { label: '创建人', field: 'createBy' },
      { label: '创建时间', field: 'createTime' },
      { label: '更新时间', field: 'updateTime' },
    ],
    rowActions: actions,
    toolbar,
  };
}
