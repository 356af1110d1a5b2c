import { FILE_FINGERPRINT_PATH, type FileFingerprintReply, type FileInfoRecord } from '@sbwq/contracts';
import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../../platform/http.ts';

type Outcome = { reply: FileFingerprintReply; message: string } | { error: string };

/**
 * 文件指纹 (issue 39): the SHA-256 recorded at upload beside the one of the bytes stored today, so anyone
 * may see that the evidence shown is the file that was uploaded.
 */
export function FileFingerprint({ file, onClose }: { file: FileInfoRecord | null; onClose: () => void }) {
  // Answers are kept with the file they are for, so a second file never shows the first one's result.
  const [answer, setAnswer] = useState<{ id: string; outcome: Outcome } | null>(null);
  const outcome = file && answer?.id === file.id ? answer.outcome : null;
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    const settle = (value: Outcome) => setAnswer({ id: file.id, outcome: value });
    http
      .get<FileFingerprintReply>(FILE_FINGERPRINT_PATH, { id: file.id }, { signal: controller.signal, silent: true })
      .then((res) => settle(res.success && res.result ? { reply: res.result, message: res.message } : { error: res.message || '校验失败' }))
      .catch((e: unknown) => !controller.signal.aborted && settle({ error: e instanceof Error ? e.message : '校验失败' }));
    return () => controller.abort();
  }, [file]);

  return (
    <Modal title="文件指纹校验" open={!!file} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {file && (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 160 } }}>
          <Descriptions.Item label="文件名">{file.fileName}</Descriptions.Item>
          <Descriptions.Item label="存储位置">{file.storage === 's3' ? '对象存储' : '本地目录'}</Descriptions.Item>
          <Descriptions.Item label="上传时指纹（SHA-256）">
            <Typography.Text code copyable={!!file.sha256}>
              {file.sha256 ?? '无（指纹功能启用前上传）'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="当前文件指纹">
            {!outcome ? <Spin size="small" /> : 'reply' in outcome ? <Typography.Text code>{outcome.reply.actual ?? '—'}</Typography.Text> : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {outcome && (
        <Alert
          style={{ marginTop: 16 }}
          showIcon
          type={'error' in outcome ? 'error' : outcome.reply.match ? 'success' : 'warning'}
          title={'error' in outcome ? outcome.error : outcome.message}
        />
      )}
    </Modal>
  );
}
