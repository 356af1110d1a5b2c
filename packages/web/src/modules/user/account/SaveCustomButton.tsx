import { Button } from 'antd';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { saveCurrentCustom } from './account.api.ts';

/** Keeps this browser's drawer options as my 个性化 on the server: the next sign-in anywhere takes them. */
export function SaveCustomButton({ block = false }: { block?: boolean }) {
  const save = useApiMutation(() => saveCurrentCustom());
  return (
    <Button type="primary" block={block} loading={save.isPending} onClick={() => void save.run(undefined)}>
      保存到我的账号
    </Button>
  );
}
