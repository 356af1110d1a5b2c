import { jeecgImportFlow } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';

/** 数据导入 (issue 40): start an import of a JeecgBoot 2.3 database, then poll its task. */
export const jeecgImportCalls = flowApi(jeecgImportFlow);
