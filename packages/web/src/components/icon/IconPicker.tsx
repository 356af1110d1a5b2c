import { AppstoreAddOutlined, CloseCircleFilled } from '@ant-design/icons';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { EmptyData } from '../list/EmptyData.tsx';
import { IconByName, menuIcons, menuIconNames, normaliseIconName } from './icons.tsx';

type IconPickerProps = { id?: string; value?: string | null; onChange?: (value: string | undefined) => void; disabled?: boolean };

/** A menu icon field: the chosen icon's name, picked from a grid of the curated icons (选择图标). */
export function IconPicker({ id, value, onChange, disabled }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => menuIconNames.filter((name) => name.includes(filter.trim().toLowerCase())), [filter]);
  const current = value ? normaliseIconName(value) : '';

  const choose = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={value ?? ''}
          placeholder="点击选择图标"
          prefix={value ? <IconByName name={value} /> : null}
          suffix={
            value && !disabled ? <CloseCircleFilled aria-label="清除图标" style={{ color: 'rgba(0,0,0,.25)' }} onClick={() => onChange?.(undefined)} /> : null
          }
          onClick={() => !disabled && setOpen(true)}
          disabled={disabled}
        />
        <Button icon={<AppstoreAddOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
          选择图标
        </Button>
      </Space.Compact>
      <Modal open={open} title="选择图标" width={800} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Input.Search
          allowClear
          placeholder="按名称过滤，如 user"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          style={{ marginBottom: 16 }}
        />
        {shown.length === 0 ? (
          <EmptyData description="没有匹配的图标" />
        ) : (
          <div
            role="listbox"
            aria-label="图标"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 8, maxHeight: 420, overflow: 'auto' }}
          >
            {shown.map((name) => {
              const Icon = menuIcons[name];
              const selected = name === current;
              return (
                <Tooltip key={name} title={name}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    aria-label={name}
                    onClick={() => choose(name)}
                    style={{
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      gap: 6,
                      padding: '12px 4px',
                      cursor: 'pointer',
                      borderRadius: 6,
                      border: `1px solid ${selected ? 'var(--ant-color-primary, #1890ff)' : 'transparent'}`,
                      background: selected ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'transparent',
                      fontSize: 22,
                    }}
                  >
                    <Icon />
                    <span style={{ fontSize: 12, color: 'rgba(0,0,0,.65)', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 88, whiteSpace: 'nowrap' }}>
                      {name}
                    </span>
                  </button>
                </Tooltip>
              );
            })}
          </div>
        )}
      </Modal>
    </>
  );
}
