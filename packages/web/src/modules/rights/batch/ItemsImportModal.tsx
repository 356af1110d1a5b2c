import { BatchPath, MAX_BATCH_ITEMS, type BatchImportResult } from '@sbwq/contracts';
import { useState } from 'react';
import { feedback, notifyError } from '../../../platform/feedback.ts';
import { OPERATION_FAILED_TEXT } from '../../../platform/result.ts';
import { IMPORT_PARTIAL_CODE, ImportDialog, ImportResultView } from '../../../components/list/ImportButton.tsx';
import { batchApi } from './batch.api.ts';

type ItemsImportModalProps = { batchId: string; onClose: () => void; onDone: () => void };

/**
 * 导入明细 from an .xlsx made from the template. Unlike the lists' imports nothing is skipped: one bad
 * row refuses the whole file, and every bad row is listed so it can be fixed at once. Mounted per opening.
 */
export function ItemsImportModal({ batchId, onClose, onDone }: ItemsImportModalProps) {
  const [refused, setRefused] = useState<{ message: string; errors: BatchImportResult['errors'] } | null>(null);

  const upload = async (file: File) => {
    setRefused(null);
    const answer = await batchApi.importItems(batchId, file);
    if (answer.success && answer.code !== IMPORT_PARTIAL_CODE) {
      feedback().message.success(answer.message);
      onDone();
      onClose();
    } else if (answer.result?.errors?.length) setRefused({ message: answer.message, errors: answer.result.errors });
    else notifyError(answer.message || OPERATION_FAILED_TEXT);
  };

  return (
    <ImportDialog
      open
      modal
      title="导入线索明细"
      hint={`请按模板填写后上传 .xlsx 文件，每批最多 ${MAX_BATCH_ITEMS} 条；任一行有错误时全部不导入。`}
      template={{ url: BatchPath.itemTemplate, name: '线索明细导入模板.xlsx' }}
      upload={upload}
      onClose={onClose}
    >
      {refused && <ImportResultView type="error" title={refused.message} errors={refused.errors} />}
    </ImportDialog>
  );
}
