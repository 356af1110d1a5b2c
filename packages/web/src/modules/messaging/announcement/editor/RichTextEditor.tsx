import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LinkOutlined,
  LoadingOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Dropdown, Input, Popover, Select, Space, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { showFailure } from '../../../../platform/result.ts';
import { IMAGE_ACCEPT } from '../announcement.api.ts';
import styles from './RichTextEditor.module.css';

/** Colours offered for text; the server's allow-list keeps `color` styles of this form. */
export const TEXT_COLOURS = [
  { label: '默认', value: null },
  { label: '红色', value: '#f5222d' },
  { label: '橙色', value: '#fa8c16' },
  { label: '绿色', value: '#52c41a' },
  { label: '蓝色', value: '#1890ff' },
  { label: '紫色', value: '#722ed1' },
  { label: '灰色', value: '#8c8c8c' },
] as const;

export const LINK_INVALID_TEXT = '请输入以 http://、https:// 或 mailto: 开头的链接地址';

type RichTextEditorProps = {
  /** HTML; '' when empty */
  value?: string | null;
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** uploads a picture and answers its address; rejects with the text to show */
  onUpload: (file: File) => Promise<string>;
  id?: string;
};

type Level = 0 | 1 | 2 | 3;

/**
 * The announcement body editor (a maintained React editor; TipTap 3 on ProseMirror, React 19
 * ready). Loaded lazily with the add/edit dialog. It writes only what the server's sanitiser keeps:
 * paragraphs, headings, lists, quotes, links, pictures (uploaded, referenced by address), alignment
 * and text colour. Controlled through `value`/`onChange`, as an antd Form.Item expects.
 */
export function RichTextEditor({ value, onChange, placeholder = '请输入内容', disabled = false, onUpload, id }: RichTextEditorProps) {
  const emitted = useRef<string | null>(value ?? '');
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
      }),
      TextStyle,
      Color,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: { attributes: { ...(id ? { id } : {}), 'aria-label': placeholder, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      change.current?.(html);
    },
  });

  // A value set from outside (the form loading a record, a reset) replaces the document; the
  // editor's own changes come back as the value it emitted and are left alone.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`} data-testid="rich-text-editor">
      {editor && !disabled && <Toolbar editor={editor} onUpload={onUpload} />}
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}

function Toolbar({ editor, onUpload }: { editor: Editor; onUpload: (file: File) => Promise<string> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: (([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0) as Level,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const chain = () => editor.chain().focus();

  const handleLevel = (level: Level) => {
    if (level === 0) chain().setParagraph().run();
    else chain().toggleHeading({ level }).run();
  };

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const src = await onUpload(file);
      chain().setImage({ src, alt: file.name }).run();
    } catch (error) {
      showFailure(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="格式">
      <Select<Level>
        size="small"
        variant="borderless"
        style={{ width: 84 }}
        value={state.level}
        onChange={handleLevel}
        aria-label="段落格式"
        options={[
          { value: 0, label: '正文' },
          { value: 1, label: '标题1' },
          { value: 2, label: '标题2' },
          { value: 3, label: '标题3' },
        ]}
      />
      <span className={styles.separator} />
      <Tool label="加粗" icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label="斜体" icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool label="下划线" icon={<UnderlineOutlined />} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
      <Tool label="删除线" icon={<StrikethroughOutlined />} active={state.strike} onClick={() => chain().toggleStrike().run()} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: TEXT_COLOURS.map((colour) => ({
            key: colour.label,
            label: (
              <span>
                <span className={styles.swatch} style={{ background: colour.value ?? 'rgba(0, 0, 0, 0.88)' }} />
                {colour.label}
              </span>
            ),
          })),
          onClick: ({ key }) => {
            const colour = TEXT_COLOURS.find((c) => c.label === key)?.value ?? null;
            if (colour) chain().setColor(colour).run();
            else chain().unsetColor().run();
          },
        }}
      >
        <span>
          <Tool label="文字颜色" icon={<FontColorsOutlined />} />
        </span>
      </Dropdown>
      <span className={styles.separator} />
      <Tool label="无序列表" icon={<UnorderedListOutlined />} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <Tool label="有序列表" icon={<OrderedListOutlined />} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <Tool label="引用" icon={<span aria-hidden>“</span>} active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
      <Tool label="分隔线" icon={<MinusOutlined />} onClick={() => chain().setHorizontalRule().run()} />
      <span className={styles.separator} />
      <Tool label="左对齐" icon={<AlignLeftOutlined />} active={state.left} onClick={() => chain().setTextAlign('left').run()} />
      <Tool label="居中" icon={<AlignCenterOutlined />} active={state.center} onClick={() => chain().setTextAlign('center').run()} />
      <Tool label="右对齐" icon={<AlignRightOutlined />} active={state.right} onClick={() => chain().setTextAlign('right').run()} />
      <span className={styles.separator} />
      <LinkTool editor={editor} active={state.link} />
      {state.link && <Tool label="取消链接" icon={<DisconnectOutlined />} onClick={() => chain().extendMarkRange('link').unsetLink().run()} />}
      <Tool label="插入图片" icon={uploading ? <LoadingOutlined /> : <PictureOutlined />} disabled={uploading} onClick={() => fileInput.current?.click()} />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="editor-image-input"
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <span className={styles.separator} />
      <Tool label="清除格式" icon={<ClearOutlined />} onClick={() => chain().unsetAllMarks().clearNodes().run()} />
      <Tool label="撤销" icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <Tool label="重做" icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  );
}

function Tool({ label, icon, active, disabled, onClick }: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick?: () => void }) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active ?? undefined}
        disabled={disabled}
        className={active ? styles.active : undefined}
        // keep the editor's selection: the button must not take the focus on mouse down
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** 链接: an address for the selected text (http, https or mailto, as the server allows for links). */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState(false);

  const handleOpen = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(false);
    }
    setOpen(next);
  };

  const handleApply = () => {
    const address = href.trim();
    if (!/^(https?:\/\/|mailto:)\S+$/i.test(address)) {
      setError(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active)
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.setLink({ href: address }).run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={handleOpen}
      trigger="click"
      content={
        <div style={{ width: 280 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              size="small"
              autoFocus
              placeholder="https://"
              value={href}
              status={error ? 'error' : undefined}
              aria-label="链接地址"
              onChange={(event) => {
                setHref(event.target.value);
                setError(false);
              }}
              onPressEnter={handleApply}
            />
            <Button size="small" type="primary" onClick={handleApply}>
              确定
            </Button>
          </Space.Compact>
          {error && (
            <Typography.Text type="danger" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
              {LINK_INVALID_TEXT}
            </Typography.Text>
          )}
        </div>
      }
    >
      <span>
        <Tool label="链接" icon={<LinkOutlined />} active={active} />
      </span>
    </Popover>
  );
}
