import { OssFilePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 文件列表 under the stock component name (both clients open it): the administrator's view of every stored file. */
export const ossFileMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 26,
    key: 'ossFile',
    name: '文件列表',
    url: '/isystem/ossFile',
    component: 'modules/oss/OSSFileList',
    icon: 'folder-open',
  },
  buttonsOf(OssFilePerm, '文件列表', { list: '查询', upload: '上传', delete: '删除' }),
);
