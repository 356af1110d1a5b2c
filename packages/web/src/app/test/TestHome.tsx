import { Button, Card, Descriptions, Flex, Input, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../platform/settings.store.ts';
import { usePageTitleOfRoute } from '../useDocumentTitle.ts';
import { useTabs } from '../shell/tabs/tabs.store.ts';
import { useDevice } from '../../platform/useDevice.ts';
import { fullPathOf, setPageTitle } from '../../platform/pageTitle.ts';
import { useSession } from '../../platform/session.ts';

const onOff = (value: boolean) => (value ? <Tag color="blue">开</Tag> : <Tag>关</Tag>);

function useWindowWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
  );
}

/**
 * `/test/home` (spec §2 route table, TestHome): shows that the shell works — who is signed in, the
 * device mode, the settings in force — and lets a person try what the shell promises: a keepAlive
 * page keeps what was typed while another tab is shown, and a page may rename its tab.
 */
export function TestHome() {
  const userInfo = useSession((state) => state.userInfo);
  const username = useSession((state) => state.username);
  const settings = useSettings();
  const device = useDevice();
  const width = useWindowWidth();
  const tabCount = useTabs((state) => state.tabs.length);
  const fullPath = fullPathOf(useLocation());
  const pageTitle = usePageTitleOfRoute();
  const [note, setNote] = useState('');
  const [clicks, setClicks] = useState(0);
  const [titleDraft, setTitleDraft] = useState('');

  const status: DescriptionsProps['items'] = [
    { key: 'user', label: '当前用户', children: userInfo ? `${userInfo.realname}（${userInfo.username}）` : username || '—' },
    { key: 'org', label: '当前部门编码', children: userInfo?.orgCode || '—' },
    { key: 'device', label: '设备模式', children: `${device === 'mobile' ? '移动端' : '桌面端'}（${device}，宽 ${width}px）` },
    { key: 'layout', label: '导航模式', children: settings.layout === 'topmenu' ? '顶部栏导航' : '侧边栏导航' },
    { key: 'theme', label: '整体风格', children: settings.navTheme === 'dark' ? '暗色菜单风格' : '亮色菜单风格' },
    { key: 'width', label: '内容区域宽度', children: settings.contentWidth === 'Fixed' ? '固定' : '流式' },
    {
      key: 'color',
      label: '主题色',
      children: (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: settings.primaryColor }} />
          {settings.primaryColor}
        </Space>
      ),
    },
    { key: 'fixedHeader', label: '固定 Header', children: onOff(settings.fixedHeader) },
    { key: 'autoHide', label: '下滑时隐藏 Header', children: onOff(settings.autoHideHeader) },
    { key: 'fixSider', label: '固定侧边菜单', children: onOff(settings.fixSiderbar) },
    { key: 'weak', label: '色弱模式', children: onOff(settings.colorWeak) },
    { key: 'multipage', label: '多页签模式', children: onOff(settings.multipage) },
    { key: 'tabs', label: '已打开页签', children: `${tabCount} 个` },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title="运行状态">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} items={status} />
      </Card>
      <Card title="页面状态保持">
        <Typography.Paragraph type="secondary">
          本页开启了 keepAlive：切换到其他页签再回来，下面填写的内容和计数仍然保留；右键页签选择“刷新”会重新加载本页。
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center">
          <Input aria-label="随手记" placeholder="随手记点什么" value={note} onChange={(event) => setNote(event.target.value)} style={{ maxWidth: 320 }} />
          <Button onClick={() => setClicks((n) => n + 1)}>点击计数：{clicks}</Button>
        </Flex>
      </Card>
      <Card title="页面标题">
        <Typography.Paragraph type="secondary">
          页面可以给自己命名：页签和浏览器标题随之改变，并按路由记住（刷新后仍然有效）。当前标题：{pageTitle}
        </Typography.Paragraph>
        <Space.Compact style={{ maxWidth: 400, width: '100%' }}>
          <Input
            aria-label="新的页面标题"
            placeholder="输入新的页面标题"
            value={titleDraft}
            maxLength={30}
            onChange={(event) => setTitleDraft(event.target.value)}
          />
          <Button type="primary" disabled={!titleDraft.trim()} onClick={() => setPageTitle(fullPath, titleDraft)}>
            修改标题
          </Button>
        </Space.Compact>
      </Card>
    </Flex>
  );
}
