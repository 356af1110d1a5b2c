import { CheckOutlined } from '@ant-design/icons';
import { App, Drawer, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { setSettingsOpen, useShell } from '../shell.store.ts';
import { changePrimaryColor, colorList } from './changePrimaryColor.ts';
import { SaveCustomButton } from '../../../modules/user/account/SaveCustomButton.tsx';
import styles from './SettingDrawer.module.css';
import { updateSettings, useSettings, type ContentWidth, type LayoutMode, type NavTheme, type Settings } from '../../../platform/settings.store.ts';

/**
 * The system-settings drawer (spec §2 "A system-settings drawer offers theme and layout options",
 * §3 defaults, §4 coupling), in JeecgBoot's sections and words.
 */
export function SettingDrawer() {
  const open = useShell((state) => state.settingsOpen);

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
      footer={<SaveCustomButton block />}
    >
      <SettingsOptions />
    </Drawer>
  );
}

/** The drawer's options, also shown by 账户设置 → 个性化; every change applies at once in this browser. */
export function SettingsOptions() {
  const settings = useSettings();
  const { message } = App.useApp();
  const topmenu = settings.layout === 'topmenu';

  return (
    <>
      <Section title="整体风格设置">
        <Choice<NavTheme> label="整体风格设置" name="navTheme" solid options={{ dark: '暗色菜单风格', light: '亮色菜单风格' }} />
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
        <Choice<LayoutMode> label="导航模式" name="layout" solid options={{ sidemenu: '侧边栏导航', topmenu: '顶部栏导航' }} />
        <div className={styles.rows}>
          <Row label="内容区域宽度" hint="该设定仅 [顶部栏导航] 时有效">
            <Choice<ContentWidth> label="内容区域宽度" name="contentWidth" options={{ Fixed: '固定', Fluid: '流式' }} />
          </Row>
          <Toggle label="固定 Header" name="fixedHeader" />
          <Toggle label="下滑时隐藏 Header" name="autoHideHeader" off={settings.fixedHeader ? undefined : '固定 Header 时可配置'} />
          <Toggle label="固定侧边菜单" name="fixSiderbar" off={topmenu ? '侧边栏导航时可配置' : undefined} />
        </div>
      </Section>

      <Section title="其他设置">
        <div className={styles.rows}>
          <Toggle label="色弱模式" name="colorWeak" />
          <Toggle label="高对比度" name="highContrast" hint="文字与背景的对比度达到 WCAG 2.1 AA" />
          <Toggle label="暗黑模式" name="darkMode" hint="整个页面使用深色背景，文字对比度达到 WCAG 2.1 AA" />
          <Toggle label="多页签模式" name="multipage" />
        </div>
      </Section>
    </>
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

type ChoiceProps<V extends string> = {
  label: string;
  name: { [K in keyof Settings]: Settings[K] extends V ? K : never }[keyof Settings];
  /** the values and their labels, in order */
  options: Record<V, string>;
  /** a section's own choice (filled buttons), not a row's (small outlined ones) */
  solid?: boolean;
};

/** One setting chosen from a few values, as a group of buttons. */
function Choice<V extends string>({ label, name, options, solid = false }: ChoiceProps<V>) {
  const settings = useSettings();
  return (
    <Radio.Group
      aria-label={label}
      optionType="button"
      {...(solid ? { buttonStyle: 'solid' as const } : { size: 'small' as const })}
      value={settings[name]}
      onChange={(event) => updateSettings({ [name]: event.target.value as V })}
      options={Object.entries<string>(options).map(([value, text]) => ({ value, label: text }))}
    />
  );
}

type BooleanSetting = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

/** A setting that is on or off, in its row; `off` says why it cannot be changed now. */
function Toggle({ label, name, hint, off }: { label: string; name: BooleanSetting; hint?: string; off?: string }) {
  const settings = useSettings();
  return (
    <Row label={label} hint={off ?? hint}>
      <Switch
        size="small"
        aria-label={label}
        disabled={off !== undefined}
        checked={settings[name]}
        onChange={(checked) => updateSettings({ [name]: checked })}
      />
    </Row>
  );
}
