import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { dictAddBody, DictItemPerm, DictPerm, dictResource, Msg, type DictRecord } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { refreshDictCache } from '../../../platform/dictCache.ts';
import { feedback } from '../../../platform/feedback.ts';
import { checkDictCode, dictApi, type DictBody } from './dict.api.ts';
import { DictItemDrawer } from './DictItemDrawer.tsx';
import { DictRecycleBinDrawer } from './DictRecycleBinDrawer.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

const DICT_LIST_KEY = 'system-dict';
const shape = dictAddBody.shape;

function dictFields(_mode: FormMode, record: DictRecord | null) {
  return [
    { name: 'dictName', label: '字典名称', required: true, input: <Input placeholder="请输入字典名称" />, rules: [zodRule(shape.dictName)] },
    {
      name: 'dictCode',
      label: '字典编码',
      required: true,
      input: <Input placeholder="请输入字典编码" />,
      // spec §5 "Dictionary code is required: 字典Code不能为空!", then the server's uniqueness answer
      rules: [zodRule(shape.dictCode), serverCheckRule((value) => checkDictCode(value, record?.id))],
      validateDebounce: 400,
    },
    { name: 'description', label: '描述', input: <Input.TextArea rows={3} placeholder="请输入描述" />, rules: [zodRule(shape.description)] },
  ];
}

/** 数据字典 (system/DictList): dictionaries, their items in a drawer, the cache and the recycle bin. */
export function DictList() {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const reloadList = useReloadList(DICT_LIST_KEY);
  const [configuring, setConfiguring] = useState<DictRecord | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  // spec §8 "Clear cache": the server drops its caches, the browser stores every dictionary afresh.
  const handleRefresh = useCallback(async () => {
    setRefreshing(true);
    try {
      if (await refreshDictCache()) {
        // selects that fetched a dictionary themselves (not in the login cache) ask again too
        await queryClient.invalidateQueries({ queryKey: ['dict'] });
        await queryClient.invalidateQueries({ queryKey: ['tableDict'] });
        feedback().message.success(Msg.cacheRefreshed);
      } else {
        feedback().message.warning(Msg.cacheRefreshFailed);
      }
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);

  const definition = useMemo<ListDefinition<DictRecord, DictBody>>(
    () => ({
      key: DICT_LIST_KEY,
      ...resourceList(dictResource, dictApi),
      detail: false,
      actionColumnWidth: 200,
      search: [
        { name: 'dictName', label: '字典名称' },
        { name: 'dictCode', label: '字典编码' },
      ],
      columns: [
        { title: '字典名称', dataIndex: 'dictName', sorter: true },
        { title: '字典编码', dataIndex: 'dictCode', sorter: true },
        { title: '描述', dataIndex: 'description', ellipsis: true },
      ],
      form: { width: 640, fields: dictFields },
      rowActions: [{ key: 'items', label: '字典配置', code: DictItemPerm.list, inline: true, onClick: (dict) => setConfiguring(dict) }],
      toolbar: () => (
        <>
          <Button icon={<SyncOutlined />} loading={refreshing} onClick={() => void handleRefresh()}>
            刷新缓存
          </Button>
          {can(DictPerm.recycle) && (
            <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)}>
              回收站
            </Button>
          )}
        </>
      ),
    }),
    [can, handleRefresh, refreshing],
  );

  return (
    <>
      <ListPage definition={definition} />
      <DictItemDrawer dict={configuring} onClose={() => setConfiguring(null)} />
      <DictRecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} onRestored={reloadList} />
    </>
  );
}
