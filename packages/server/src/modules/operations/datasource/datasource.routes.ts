import type { FastifyInstance } from 'fastify';
import { dataSourceFlow, DataSourceMsg, dataSourceResource, DictMsg, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as service from './datasource.service.ts';
import { closeDataSourcePools } from './datasource.query.ts';
import type { KeySource } from './datasource.secret.ts';

const tags = ['多数据源'];

export async function dataSourceRoutes(app: FastifyInstance, deps: AppDeps) {
  const keys: KeySource = {
    datasourceSecret: deps.config.datasourceSecret,
    dataDir: deps.config.dataDir,
    onKeyCreated: (file) =>
      app.log.warn(`已生成数据源密码的加密密钥文件 ${file}（权限 0600），请与数据库一同备份；多台服务器共用一个数据库时请在每台设置相同的 DATASOURCE_SECRET`),
  };
  if (!deps.config.datasourceSecret) {
    app.log.warn(
      '未设置 DATASOURCE_SECRET：多数据源的密码用 DATA_DIR/datasource.key 中的密钥加密（本机各进程共用）；生产环境或多台服务器共用数据库时请设置 DATASOURCE_SECRET',
    );
  }
  app.addHook('onClose', async () => closeDataSourcePools());

  registerFlow(app, deps, dataSourceFlow, {
    tags,
    docs: {
      testConnection: {
        description:
          '只传 id：测试已保存的数据源；传连接信息（dbType、host、port、databaseName、username、password）：测试表单中尚未保存的值，同时传 id 且密码为空时使用已保存的密码（仅当类型、主机、端口未改）。新建一个连接、登录并查询服务器版本，最多 3 秒；失败时 message 说明是主机不可达、认证失败、数据库不存在还是超时。',
      },
    },
    handlers: {
      testConnection: async (c, body) => {
        const result = await service.testDataSource(c.db, keys, body);
        return answer(result, DataSourceMsg.testOk(result.serverVersion, result.elapsedMs));
      },
      stockTestConnection: async (c, body) => {
        const result = await service.testDataSource(c.db, keys, body);
        return answer(result, DataSourceMsg.testOk(result.serverVersion, result.elapsedMs));
      },
    },
  });

  registerResource(app, deps, dataSourceResource, {
    tags,
    listResource: service.dataSourceWhitelist,
    service: {
      list: (c, query) => service.listDataSources(c.deps, query),
      byId: (c, id) => service.dataSourceById(c.deps, id),
      add: (c, body) => service.addDataSource(c.db, keys, c.user, body),
      edit: (c, body) => service.editDataSource(c.db, keys, c.user, body),
      remove: (c, ids) => service.deleteDataSources(c.db, c.user, ids),
    },
    messages: {
      added: DataSourceMsg.added,
      edited: DataSourceMsg.edited,
      deleted: DataSourceMsg.deleted,
      idsRequired: DictMsg.idsRequired,
      queriedById: Msg.ok,
    },
  });
}
