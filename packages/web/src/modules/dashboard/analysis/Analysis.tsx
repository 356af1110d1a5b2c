import { greetingFor, WELCOME_TEXT } from '@sbwq/contracts';
import { Card, Descriptions, Flex, Typography, type DescriptionsProps } from 'antd';
import dayjs from 'dayjs';
import { useSession } from '../../../platform/session.ts';
import { useCurrentUserDeparts } from '../../../platform/useCurrentUserDeparts.ts';
import { OrgStatusNotice } from '../org/OrgStatusNotice.tsx';
import { AnalysisPanels } from './AnalysisPanels.tsx';

/**
 * The home page (`dashboard/Analysis`): the spec §9 greeting, the figures and charts the user may read
 * (analysis.panels.ts), and the signed-in user's own details.
 */
export function Analysis() {
  const userInfo = useSession((state) => state.userInfo);
  const username = useSession((state) => state.username);
  const departs = useCurrentUserDeparts();
  const name = userInfo?.realname || userInfo?.username || username || '';

  const orgCode = departs.data?.orgCode ?? userInfo?.orgCode ?? null;
  const list = departs.data?.list ?? [];
  const current = list.find((depart) => depart.orgCode === orgCode);
  const departText = departs.isPending ? '加载中…' : current?.departName || orgCode || '未设置';
  // With one department the "所属部门" row would only repeat "当前部门".
  const allDeparts = list.length > 1 ? list.map((depart) => depart.departName).join('、') : '';

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: '用户名', children: userInfo?.username || username || '—' },
    { key: 'realname', label: '姓名', children: userInfo?.realname || '—' },
    { key: 'depart', label: '当前部门', children: departText },
    ...(allDeparts ? [{ key: 'departs', label: '所属部门', children: allDeparts }] : []),
    { key: 'phone', label: '手机号', children: userInfo?.phone || '—' },
    { key: 'email', label: '邮箱', children: userInfo?.email || '—' },
  ];

  return (
    <Flex vertical gap={16}>
      <OrgStatusNotice />
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {`${greetingFor(dayjs().hour())}，${name}，欢迎你`}
        </Typography.Title>
        <Typography.Text type="secondary">{WELCOME_TEXT}</Typography.Text>
      </Card>
      <AnalysisPanels />
      <Card title="我的信息">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
      </Card>
    </Flex>
  );
}
