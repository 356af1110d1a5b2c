import { positionBody, positionResource, type PositionRecord } from '@sbwq/contracts';
import { Input } from 'antd';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { positionApi, type PositionFormBody } from './position.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = positionBody.shape;

/** 职务管理 (JEECG-API §4.5 sys_position), scoped by the server to the request's tenant. */
const definition: ListDefinition<PositionRecord, PositionFormBody> = {
  key: 'system-position',
  ...resourceList(positionResource, positionApi),
  search: [
    { name: 'name', label: '职务名称' },
    { name: 'postRank', label: '职级', type: 'dict', dictCode: 'position_rank' },
  ],
  columns: [
    { title: '职务编码', dataIndex: 'code', sorter: true },
    { title: '职务名称', dataIndex: 'name', sorter: true },
    {
      title: '职级',
      dataIndex: 'postRank',
      align: 'center',
      render: (value, position) => <DictTag code="position_rank" value={value} text={position.postRank_dictText} />,
    },
  ],
  form: {
    width: 640,
    fields: () => [
      { name: 'code', label: '职务编码', required: true, input: <Input placeholder="请输入职务编码" />, rules: [zodRule(shape.code)] },
      { name: 'name', label: '职务名称', required: true, input: <Input placeholder="请输入职务名称" />, rules: [zodRule(shape.name)] },
      {
        name: 'postRank',
        label: '职级',
        input: <DictSelect code="position_rank" placeholder="请选择职级" showSearch={false} />,
        rules: [zodRule(shape.postRank)],
      },
    ],
  },
};

export function SysPositionList() {
  return <ListPage definition={definition} />;
}
