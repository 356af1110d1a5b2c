import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Msg } from '@sbwq/contracts';
import { installErrorHandling } from './errors.ts';

describe('error handler: what a failed query or a broken body answers, never a 500', () => {
  it('a unique-index violation (SQLSTATE 23505, wrapped by Drizzle as cause) answers the duplicate message, not a 500; other database errors stay 500 without their text', async () => {
    const app = Fastify();
    installErrorHandling(app);
    const wrapped = (code: string) =>
      Object.assign(new Error('Failed query: insert into "sys_position" ...'), {
        cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code }),
      });
    app.get('/dup', async () => {
      throw wrapped('23505');
    });
    app.get('/other', async () => {
      throw wrapped('42P01');
    });
    const dup = await app.inject({ method: 'GET', url: '/dup' });
    expect([dup.statusCode, dup.json().success, dup.json().message]).toEqual([200, false, Msg.duplicate]);
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect([other.statusCode, other.json().message]).toEqual([500, Msg.serverError]);
    expect(other.body).not.toMatch(/Failed query|violates/);
    await app.close();
  });
});
