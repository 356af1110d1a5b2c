import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { CacheHub } from './cache/cache.ts';
import type { SocketHub } from './socket/hub.ts';
import type { installAccessControl } from './access/access.ts';
import type { DictService } from '../modules/config/dict/dict.service.ts';

/** What every feature's routes receive; declared here so features depend on the platform, not on the app that wires them. */
export type AppDeps = {
  config: Config;
  db: Db;
  cache: CacheHub;
  dicts: DictService;
  /** the sockets this process holds; `sendToUsers` / `broadcast` reach every process through Redis */
  sockets: SocketHub;
  policy: { idleMinutes: number; maxDays: number };
};

export type BuiltApp = { app: FastifyInstance; deps: AppDeps; routes: ReturnType<typeof installAccessControl>['routes'] };
