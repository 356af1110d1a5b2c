import Fastify from 'fastify';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../config.ts';
import { ok } from '../http/envelope.ts';
import { envelopeSchema } from '../http/reply-schema.ts';
import { replySerializerCompiler } from '../http/reply-serializer.ts';
import { installDocs } from './docs.ts';

type TreeNode = { id: string; title: string | null; children?: TreeNode[] };
/** A recursive reply names its node (`meta({ id })`): the document holds it once as a component, the serializer as a definition. */
const treeNode: z.ZodType<TreeNode> = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    get children() {
      return z.array(treeNode).optional();
    },
  })
  .meta({ id: 'DocsTestTreeNode' });

describe('the OpenAPI document describes replies, trees included, and stays valid', () => {
  it('a recursive reply is a component the operation refers to; the route still answers through the serializer', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'Docs12345',
      DATA_DIR: '/nonexistent',
      APP_SECRET: 'test-only-app-secret-0123456789abcdef0123',
    });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializerCompiler({ check: true }));
    await installDocs(app, config);
    app.get('/tree', { config: { public: true }, schema: { response: { 200: envelopeSchema(z.array(treeNode)) } } }, async () =>
      ok([{ id: '1', title: null, hidden: 'x', children: [{ id: '2', title: 'b' }] }]),
    );
    await app.ready();
    const doc = app.swagger() as { components: { schemas: Record<string, unknown> }; paths: Record<string, unknown> };
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(doc.components.schemas.DocsTestTreeNode).toBeDefined();
    expect(JSON.stringify(doc.paths['/tree'])).toContain('#/components/schemas/DocsTestTreeNode');
    const body = (await app.inject({ url: '/tree' })).json();
    expect(body.result).toEqual([{ id: '1', title: null, children: [{ id: '2', title: 'b' }] }]);
    await app.close();
  });
});
