import { jeecgImportBody, JeecgImportPerm, type JeecgImportReport, type JeecgImportTask } from '@sbwq/contracts';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Progress, Space, Table, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { showFailure } from '../../../platform/result.ts';
import { useApp } from '../../../platform/useApp.ts';
import { jeecgImportCalls } from './jeecgImport.api.ts';

const shape = jeecgImportBody.shape;
type Values = { url?: string; host: string; port: number; database: string; user: string; password?: string };
type Group = JeecgImportReport['groups'][number];

/** How often the screen asks for the progress of a running import. */
const POLL_MS = 800;

/** `mysql://user:password@host:port/database` into the form's fields; null when it is not such an address. */
export function parseMysqlUrl(text: string): Omit<Values, 'url'> | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') return null;
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!url.hostname || !database) return null;
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : 3306,
      database,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  } catch {
    return null;
  }
}

function Report({ report }: { report: JeecgImportReport }) {
  return (
    <Flex vertical gap={12}>
      <Table<Group>
        size="small"
        rowKey="group"
        dataSource={report.groups}
        pagination={false}
        scroll={{ x: 560 }}
        caption={report.dryRun ? '试运行结果（未写入任何数据）' : '导入结果'}
        columns={[
          { title: '表组', dataIndex: 'group' },
          { title: '源记录', dataIndex: 'source', align: 'right' },
          { title: '新增', dataIndex: 'added', align: 'right' },
          { title: '更新', dataIndex: 'updated', align: 'right' },
          { title: '未变', dataIndex: 'unchanged', align: 'right' },
          { title: '跳过', dataIndex: 'skipped', align: 'right' },
        ]}
      />
      {report.conflicts.length > 0 && (
        <section aria-label="冲突与说明">
          <Typography.Title level={5}>冲突与说明（{report.conflicts.length}）</Typography.Title>
          <ul>
            {report.conflicts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      )}
      {report.notImported.length > 0 && (
        <section aria-label="未导入">
          <Typography.Title level={5}>未导入</Typography.Title>
          <ul>
            {report.notImported.map((c) => (
              <li key={c} style={{ wordBreak: 'break-all' }}>
                {c}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Flex>
  );
}

/**
 * 系统管理 → 数据导入 (issue 40): a JeecgBoot 2.3 database brought in from the browser. 试运行 shows what an
 * import would do; 导入 writes, after a confirmation. The password goes with the start only: the form forgets
 * it once the import has begun, and the server neither keeps nor answers it.
 */
export function JeecgImport() {
  const [form] = Form.useForm<Values>();
  const { modal } = useApp();
  const { can } = useAccess();
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [task, setTask] = useState<JeecgImportTask | null>(null);
  const running = taskId !== null && task?.state !== 'done' && task?.state !== 'failed';

  useEffect(() => {
    if (!taskId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await jeecgImportCalls.status({ id: taskId }, { signal: controller.signal, silent: true });
        if (answer.success) setTask(answer.result);
        if (answer.success && answer.result.state !== 'running') return;
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [taskId]);

  const start = async (dryRun: boolean) => {
    const values = await form.validateFields();
    setRefusal(null);
    setStarting(true);
    try {
      const answer = await jeecgImportCalls.start(
        { host: values.host, port: values.port, database: values.database, user: values.user, password: values.password ?? '', dryRun },
        { silent: true },
      );
      if (!answer.success) {
        setRefusal(answer.message);
        return;
      }
      form.setFieldsValue({ password: undefined, url: undefined });
      setTask(null);
      setTaskId(answer.result.id);
    } catch (error) {
      showFailure(error);
    } finally {
      setStarting(false);
    }
  };

  const confirmImport = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: '确认导入？',
      content: `将把 ${values.host}:${values.port}/${values.database} 的部门、用户、角色、字典、通告等写入本系统。已有的同名记录保留本系统的（如 admin），重复导入不会产生重复数据。建议先试运行查看报告。`,
      okText: '导入',
      cancelText: '取消',
      onOk: () => start(false),
    });
  };

  const percent = task ? Math.round((task.stepsDone / task.stepsTotal) * 100) : 0;
  return (
    <Flex vertical gap={16}>
      <Card title="从 JeecgBoot 2.3 导入" size="small">
        <Typography.Paragraph type="secondary">
          读取 JeecgBoot 2.3 的 MySQL/MariaDB
          数据库（只读），导入部门、职务、用户（保留原密码）、角色与授权、字典、分类字典、数据规则、填值与校验规则、通告、租户和定时任务。密码仅用于本次连接，不会保存。
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" initialValues={{ port: 3306 }} disabled={running || starting} style={{ maxWidth: 560 }}>
          <Form.Item name="url" label="连接地址（可选）" extra="粘贴 mysql://用户:密码@主机:端口/数据库 可自动填写下面各项">
            <Input
              placeholder="mysql://root:密码@10.0.0.5:3306/jeecg-boot"
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => {
                const parsed = parseMysqlUrl(e.target.value);
                if (parsed) form.setFieldsValue(parsed);
              }}
            />
          </Form.Item>
          <Form.Item name="host" label="主机" required rules={[zodRule(shape.host)]}>
            <Input placeholder="域名或 IP 地址" spellCheck={false} />
          </Form.Item>
          <Form.Item name="port" label="端口" required rules={[zodRule(shape.port)]}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="database" label="数据库名" required rules={[zodRule(shape.database)]}>
            <Input placeholder="如 jeecg-boot" spellCheck={false} />
          </Form.Item>
          <Form.Item name="user" label="用户名" required rules={[zodRule(shape.user)]}>
            <Input placeholder="建议使用只读账号" spellCheck={false} autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label="密码">
            <Input.Password placeholder="没有密码可留空" autoComplete="new-password" />
          </Form.Item>
          {can(JeecgImportPerm.run) ? (
            <Space wrap>
              <Button onClick={() => void start(true).catch(() => undefined)} loading={starting}>
                试运行
              </Button>
              <Button type="primary" onClick={() => void confirmImport()} loading={starting}>
                导入
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">没有导入的权限</Typography.Text>
          )}
        </Form>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 16 }} />}
      </Card>
      {taskId && (
        <Card title={task?.dryRun ? '试运行' : '导入'} size="small" extra={task?.source}>
          <div role="status" aria-live="polite">
            {running && (
              <Flex vertical gap={8}>
                <Progress percent={percent} status="active" aria-label="导入进度" />
                <Typography.Text>{task?.step ? `正在处理：${task.step}（${task.stepsDone + 1}/${task.stepsTotal}）` : '正在连接…'}</Typography.Text>
              </Flex>
            )}
            {/* plain text in the text colour (AA contrast): an Alert is itself role="alert", which does not belong inside this status region */}
            {task?.state === 'done' && (
              <Typography.Text strong>
                <CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} /> {task.dryRun ? '试运行完成（未写入任何数据）' : '导入完成'}
              </Typography.Text>
            )}
            {task?.state === 'failed' && (
              <Typography.Text strong>
                <CloseCircleOutlined style={{ color: 'var(--ant-color-error)' }} /> {task.error ?? '导入失败'}
              </Typography.Text>
            )}
          </div>
          {task?.report && (
            <div style={{ marginTop: 16 }}>
              <Report report={task.report} />
            </div>
          )}
        </Card>
      )}
    </Flex>
  );
}
