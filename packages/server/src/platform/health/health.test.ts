import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createTestApp, json } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { installHealth } from './health.ts';

/** Issue #24: a liveness and a readiness route for a load balancer, at the root, public. */
describe('GET /health and GET /ready (issue #24)', async () => {
  const t = await createTestApp();

  it('answer at the root without a token, not under API_BASE; without REDIS_URL Redis is not-configured', async () => {
    const health = await t.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(json(health)).toEqual({ status: 'ok' });
    const ready = await t.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: 'ready', database: 'up', redis: 'not-configured' });
    expect((await t.inject({ url: t.api('/health') })).statusCode).toBe(404);
  });

  it('are not rate limited: 200 probes in a row all answer 200', async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 200; i++) codes.add((await t.inject({ url: i % 2 ? '/health' : '/ready', remoteAddress: '10.24.1.1' })).statusCode);
    expect([...codes]).toEqual([200]);
  });

  /** The routes alone, on a database that fails or never answers. */
  const probe = async (db: Pick<Db, 'execute'>) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installHealth(app, { db: db as Db, redis: null, timeoutMs: 200 });
    const started = Date.now();
    const ready = await app.inject({ url: '/ready' });
    const health = await app.inject({ url: '/health' });
    await app.close();
    return { ready, health, ms: Date.now() - started };
  };

  it('/ready answers 503 when the database refuses, and within its timeout when it hangs; /health stays 200', async () => {
    const refused = await probe({ execute: (() => Promise.reject(new Error('connection refused'))) as unknown as Db['execute'] });
    expect(refused.ready.statusCode).toBe(503);
    expect(json(refused.ready)).toEqual({ status: 'not-ready', database: 'down', redis: 'not-configured' });
    expect(refused.health.statusCode).toBe(200);

    const hanging = await probe({ execute: (() => new Promise(() => undefined)) as unknown as Db['execute'] });
    expect(hanging.ready.statusCode).toBe(503);
    expect(hanging.ms).toBeLessThan(1500);
    expect(json(hanging.health)).toEqual({ status: 'ok' });
  });
});
