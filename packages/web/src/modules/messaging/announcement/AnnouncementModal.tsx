import { AnnouncementMsg, DATE_FORMAT, PRIORITIES, PRIORITY_TAG, announcementAddBody, isInternalRoute, type AnnouncementRecord } from '@sbwq/contracts';
import { DatePicker, Form, Input, Radio, Row, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { GridItem } from '../../../components/form/GridItem.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { announcementApi, uploadImage, type AnnouncementBody } from './announcement.api.ts';
import { UserIdsInput, splitUserIds } from './UserIdsInput.tsx';

// TipTap and ProseMirror are the bulk of this dialog: their own chunk, fetched when it first opens.
const RichTextEditor = lazy(() => import('./editor/RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The lazy editor as one element Form.Item can hand `value` and `onChange` to. */
function ContentEditor(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} onUpload={uploadImage} placeholder="请输入内容" />
    </Suspense>
  );
}

export const ANNOUNCEMENT_MODAL_WIDTH = 1000;
export const OPEN_TYPE_OPTIONS = [
  { value: 'url', label: '页面地址（显示“去处理”）' },
  { value: 'component', label: '组件' },
];
export const MSG_CATEGORY_OPTIONS = [
  { value: '1', label: '通知公告' },
  { value: '2', label: '系统消息' },
];
export const MSG_TYPE_OPTIONS = [
  { value: 'ALL', label: '全体用户' },
  { value: 'USER', label: '指定用户' },
];
export const OPEN_PAGE_HELP = '打开方式为“页面地址”时，通知中显示“去处理”，跳转到此地址：系统内路由（如 /isps/userAnnouncement），或系统允许的外部网址。';

const shape = announcementAddBody.shape;

type FormValues = {
  titile: string;
  msgCategory: '1' | '2';
  priority: 'L' | 'M' | 'H';
  msgType: 'ALL' | 'USER';
  userIds?: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  openType?: 'url' | 'component' | null;
  openPage?: string;
  msgAbstract?: string;
  msgContent?: string;
};

const INITIAL: Partial<FormValues> = { msgCategory: '1', priority: 'L', msgType: 'ALL' };

const asDate = (value: string | null | undefined) => (value ? dayjs(value) : null);
const asText = (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : null);

export function valuesOf(record: AnnouncementRecord): FormValues {
  return {
    titile: record.titile,
    msgCategory: record.msgCategory,
    priority: record.priority ?? 'L',
    msgType: record.msgType ?? 'ALL',
    userIds: record.userIds ?? '',
    startTime: asDate(record.startTime),
    endTime: asDate(record.endTime),
    openType: record.openType,
    openPage: record.openPage ?? '',
    msgAbstract: record.msgAbstract ?? '',
    msgContent: record.msgContent ?? '',
  };
}

export function bodyOf(values: FormValues, record: AnnouncementRecord | null): AnnouncementBody {
  return {
    ...(record ? { id: record.id } : {}),
    titile: values.titile,
    msgCategory: values.msgCategory,
    priority: values.priority,
    msgType: values.msgType,
    userIds: values.msgType === 'USER' ? (values.userIds ?? '') : null,
    startTime: asText(values.startTime),
    endTime: asText(values.endTime),
    openType: values.openType ?? null,
    openPage: values.openPage?.trim() || null,
    msgAbstract: values.msgAbstract?.trim() || null,
    msgContent: values.msgContent || null,
  };
}

type AnnouncementModalProps = {
  open: boolean;
  /** the announcement to edit; null adds one */
  record: AnnouncementRecord | null;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * 新增通告 / 编辑通告 (JEECG-API §5.2 add/edit): title, category, priority, target (all users
 * or chosen users), time window, open type and page, summary and the rich-text body. The rules are
 * the contracts' (the server checks the same), and the server's answer is shown as it words it.
 */
export function AnnouncementModal({ open, record, onClose, onSaved }: AnnouncementModalProps) {
  const dialog = useModalForm<AnnouncementRecord, FormValues>({
    open,
    record,
    initial: () => INITIAL,
    load: valuesOf,
    save: (values) => {
      const body = bodyOf(values, record);
      return record ? announcementApi.edit!(body) : announcementApi.add!(body);
    },
    onSaved,
    onClose,
  });
  const { form } = dialog;
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  return (
    <FormModal dialog={dialog} onClose={onClose} open={open} title={record ? '编辑通告' : '新增通告'} width={ANNOUNCEMENT_MODAL_WIDTH}>
      <Form<FormValues> form={form} name="announcement-form" layout="vertical" autoComplete="off" initialValues={INITIAL}>
        <Form.Item name="titile" label="标题" required rules={[zodRule(shape.titile)]}>
          <Input placeholder="请输入标题" maxLength={100} showCount />
        </Form.Item>
        <Row gutter={24}>
          <GridItem width="third" name="msgCategory" label="消息类型" required>
            <Radio.Group options={MSG_CATEGORY_OPTIONS} />
          </GridItem>
          <GridItem width="third" name="priority" label="优先级" required>
            <Radio.Group options={PRIORITIES.map((value) => ({ value, label: PRIORITY_TAG[value].text }))} />
          </GridItem>
          <GridItem width="third" name="msgType" label="通告对象" required>
            <Radio.Group options={MSG_TYPE_OPTIONS} />
          </GridItem>
        </Row>
        {msgType === 'USER' && (
          <Form.Item
            name="userIds"
            label="指定用户"
            required
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (splitUserIds(value).length === 0) throw new Error(AnnouncementMsg.usersRequired);
                },
              },
            ]}
          >
            <UserIdsInput />
          </Form.Item>
        )}
        <Row gutter={24}>
          <GridItem name="startTime" label="开始时间">
            <DatePicker showTime format={DATE_FORMAT} placeholder="请选择开始时间" style={{ width: '100%' }} />
          </GridItem>
          <GridItem
            name="endTime"
            label="结束时间"
            dependencies={['startTime']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  const start = getFieldValue('startTime') as Dayjs | null | undefined;
                  if (start && value && start.isAfter(value)) throw new Error(AnnouncementMsg.timeOrder);
                },
              }),
            ]}
          >
            <DatePicker showTime format={DATE_FORMAT} placeholder="请选择结束时间" style={{ width: '100%' }} />
          </GridItem>
        </Row>
        <Row gutter={24}>
          <GridItem width="third" name="openType" label="打开方式">
            <Select allowClear placeholder="不跳转" options={OPEN_TYPE_OPTIONS} />
          </GridItem>
          <GridItem
            width="twoThirds"
            name="openPage"
            label="打开页面"
            extra={OPEN_PAGE_HELP}
            dependencies={['openType']}
            rules={[
              zodRule(shape.openPage),
              {
                validator: async (_rule, value: string | undefined) => {
                  const page = value?.trim();
                  if (!page || isInternalRoute(page)) return;
                  if (openType !== 'url') throw new Error(AnnouncementMsg.openPageBad);
                  if (!/^https?:\/\/\S+$/i.test(page)) throw new Error(AnnouncementMsg.openUrlNotAllowed);
                },
              },
            ]}
          >
            <Input placeholder="如 /isps/userAnnouncement" />
          </GridItem>
        </Row>
        <Form.Item name="msgAbstract" label="摘要" rules={[zodRule(shape.msgAbstract)]}>
          <Input.TextArea placeholder="请输入摘要（纯文本）" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="msgContent" label="内容" rules={[zodRule(shape.msgContent)]}>
          <ContentEditor />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
