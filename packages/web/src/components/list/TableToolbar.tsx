import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { isColumnShown, type ColumnSettings } from './useColumnSettings.ts';

/** Table sizes of 密度 as ProTable names them; the spec's default list size is 中等. */
export type Density = 'large' | 'medium' | 'small';
export const DENSITY_OPTIONS: { key: Density; label: string }[] = [
  { key: 'large', label: '默认' },
  { key: 'medium', label: '中等' },
  { key: 'small', label: '紧凑' },
];

export type ToolbarColumn = { id: string; title: ReactNode; defaultHidden?: boolean };

type TableToolbarProps = {
  onReload: () => void;
  density: Density;
  onDensity: (density: Density) => void;
  /** every column the user may see, in the definition's order */
  columns: ToolbarColumn[];
  settings: ColumnSettings | null;
  onSettings: (settings: ColumnSettings | null) => void;
  fullscreen: boolean;
  onFullscreen: (on: boolean) => void;
};

/** ProTable's table tools: 刷新, 密度, 列设置, 全屏. Icon buttons with Chinese names and tooltips. */
export function TableToolbar({ onReload, density, onDensity, columns, settings, onSettings, fullscreen, onFullscreen }: TableToolbarProps) {
  return (
    <Space size={4} className="list-table-tools">
      <Tooltip title="刷新">
        <Button type="text" aria-label="刷新" icon={<ReloadOutlined />} onClick={onReload} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITY_OPTIONS.map(({ key, label }) => ({ key, label })),
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title="密度">
          <Button type="text" aria-label="密度" icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title="列设置"
        content={<ColumnSettingsPanel columns={columns} settings={settings} onSettings={onSettings} />}
      >
        <Tooltip title="列设置">
          <Button type="text" aria-label="列设置" icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
      <Tooltip title={fullscreen ? '退出全屏' : '全屏'}>
        <Button
          type="text"
          aria-label={fullscreen ? '退出全屏' : '全屏'}
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={() => onFullscreen(!fullscreen)}
        />
      </Tooltip>
    </Space>
  );
}

/** Show/hide with a checkbox, order with 上移/下移 buttons (keyboard reachable, unlike drag and drop), 重置. */
export function ColumnSettingsPanel({ columns, settings, onSettings }: Pick<TableToolbarProps, 'columns' | 'settings' | 'onSettings'>) {
  const ids = columns.map((column) => column.id);
  const order = settings ? [...settings.order.filter((id) => ids.includes(id)), ...ids.filter((id) => !settings.order.includes(id))] : ids;
  const hidden = settings?.hidden ?? [];
  const shownByUser = settings?.shown ?? [];
  const byId = new Map(columns.map((column) => [column.id, column]));
  const isShown = (id: string) => isColumnShown(id, byId.get(id)?.defaultHidden, settings);

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onSettings({ order: next, hidden, shown: shownByUser });
  };
  const toggle = (id: string, show: boolean) => {
    const nextHidden = show ? hidden.filter((one) => one !== id) : [...hidden, id];
    const nextShown = show ? [...shownByUser.filter((one) => one !== id), id] : shownByUser.filter((one) => one !== id);
    const next = { order, hidden: nextHidden, shown: nextShown };
    // the table keeps at least one column of data
    if (!ids.some((one) => isColumnShown(one, byId.get(one)?.defaultHidden, next))) return;
    onSettings(next);
  };

  return (
    <div style={{ minWidth: 200 }} role="group" aria-label="列设置">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflow: 'auto' }}>
        {order.map((id, index) => {
          const title = byId.get(id)?.title;
          const name = typeof title === 'string' ? title : id;
          return (
            <li key={id} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <Checkbox checked={isShown(id)} onChange={(event) => toggle(id, event.target.checked)} style={{ flex: 1 }}>
                {title}
              </Checkbox>
              <Button type="text" size="small" aria-label={`上移 ${name}`} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} />
              <Button
                type="text"
                size="small"
                aria-label={`下移 ${name}`}
                icon={<ArrowDownOutlined />}
                disabled={index === order.length - 1}
                onClick={() => move(index, 1)}
              />
            </li>
          );
        })}
      </ul>
      <Button type="link" size="small" style={{ padding: 0, marginTop: 8 }} disabled={!settings} onClick={() => onSettings(null)}>
        重置
      </Button>
    </div>
  );
}
