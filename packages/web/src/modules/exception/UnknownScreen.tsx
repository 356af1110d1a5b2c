import { Result } from 'antd';

/** A menu entry names a component this build does not register (spec §2 "load a view by component path"). */
export function UnknownScreen({ component }: { component: string }) {
  return <Result status="warning" title="页面不存在" subTitle={component ? `未找到页面组件：${component}` : undefined} />;
}
