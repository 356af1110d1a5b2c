import { CheckOutlined } from '@ant-design/icons';
import { App, Drawer, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { setSettingsOpen, useShell } from '../shell.store.ts';
import { changePrimaryColor, colorList } from './changePrimaryColor.ts';
import styles from './SettingDrawer.module.css';
import { updateSettings, useSettings, type ContentWidth, type LayoutMode, type NavTheme } from './settings.store.ts';

/**
 * The system-settings drawer (spec §2 "A system-settings drawer offers theme and layout options",
 * §3 defaults, §4 coupling), in JeecgBoot's sections and words.
 */
export function SettingDrawer() {
  const open = useShell((state) => state.settingsOpen);
  const settings = useSettings();
  const { message } = App.useApp();
  const topmenu = settings.layout === 'topmenu';

  return (
    <Drawer
      title="系统设置"
      placement="right"
      size={300}
      open={open}
      onClose={() => setSettingsOpen(false)}
      // The drawer's header covers the app header: a × at the start sat over the user name, and the
      // user menu (it opens on hover) opened as the drawer closed under the pointer. At the
      // end it sits over the settings button, which only opens on a click.
      closable={{ placement: 'end' }}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Section title="整体风格设置">
        <Radio.Group
          aria-label="整体风格设置"
          optionType="button"
          buttonStyle="solid"
          value={settings.navTheme}
          onChange={(event) => updateSettings({ navTheme: event.target.value as NavTheme })}
          options={[
            { value: 'dark', label: '暗色菜单风格' },
            { value: 'light', label: '亮色菜单风格' },
          ]}
        />
      </Section>

      <Section title="主题色">
        <Flex wrap gap={8} role="radiogroup" aria-label="主题色">
          {colorList.map(({ key, color }) => {
            const selected = settings.primaryColor.toUpperCase() === color;
            return (
              <Tooltip key={color} title={key}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={key}
                  className={styles.swatch}
                  style={{ background: color }}
                  onClick={() => !selected && changePrimaryColor(color, message)}
                >
                  {selected && <CheckOutlined />}
                </button>
              </Tooltip>
            );
          })}
        </Flex>
      </Section>

      <Section title="导航模式">
        <Radio.Group
          aria-label="导航模式"
          optionType="button"
          buttonStyle="solid"
          value={settings.layout}
          onChange={(event) => updateSettings({ layout: event.target.value as LayoutMode })}
          options={[
            { value: 'sidemenu', label: '侧边栏导航' },
            { value: 'topmenu', label: '顶部栏导航' },
          ]}
        />
        <div className={styles.rows}>
          <Row label="内容区域宽度" hint="该设定仅 [顶部栏导航] 时有效">
            <Radio.Group
              aria-label="内容区域宽度"
              size="small"
              optionType="button"
              value={settings.contentWidth}
              onChange={(event) => updateSettings({ contentWidth: event.target.value as ContentWidth })}
              options={[
                { value: 'Fixed', label: '固定' },
                { value: 'Fluid', label: '流式' },
              ]}
            />
          </Row>
          <Row label="固定 Header">
            <Switch size="small" aria-label="固定 Header" checked={settings.fixedHeader} onChange={(fixedHeader) => updateSettings({ fixedHeader })} />
          </Row>
          <Row label="下滑时隐藏 Header" hint={settings.fixedHeader ? undefined : '固定 Header 时可配置'}>
            <Switch
              size="small"
              aria-label="下滑时隐藏 Header"
              disabled={!settings.fixedHeader}
              checked={settings.autoHideHeader}
              onChange={(autoHideHeader) => updateSettings({ autoHideHeader })}
            />
          </Row>
          <Row label="固定侧边菜单" hint={topmenu ? '侧边栏导航时可配置' : undefined}>
            <Switch
              size="small"
              aria-label="固定侧边菜单"
              disabled={topmenu}
              checked={settings.fixSiderbar}
              onChange={(fixSiderbar) => updateSettings({ fixSiderbar })}
            />
          </Row>
        </div>
      </Section>

      <Section title="其他设置">
        <div className={styles.rows}>
          <Row label="色弱模式">
            <Switch size="small" aria-label="色弱模式" checked={settings.colorWeak} onChange={(colorWeak) => updateSettings({ colorWeak })} />
          </Row>
          <Row label="高对比度" hint="文字与背景的对比度达到 WCAG 2.1 AA">
            <Switch size="small" aria-label="高对比度" checked={settings.highContrast} onChange={(highContrast) => updateSettings({ highContrast })} />
          </Row>
          <Row label="多页签模式">
            <Switch size="small" aria-label="多页签模式" checked={settings.multipage} onChange={(multipage) => updateSettings({ multipage })} />
          </Row>
        </div>
      </Section>
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <Typography.Title level={5} className={styles.title}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <div>
        <div>{label}</div>
        {hint && <div className={styles.hint}>{hint}</div>}
      </div>
      {children}
    </div>
  );
}
