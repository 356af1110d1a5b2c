import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * What a reply may carry that JSON Schema cannot say: a Date goes out as its ISO text (as
 * `JSON.stringify` writes it), a bigint as its digits in a string (a JSON number would lose them, and
 * money and counters stay exact).
 */
const override = (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  const type = (ctx.zodSchema as z.ZodType)._zod.def.type;
  if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
  if (type === 'bigint') Object.assign(ctx.jsonSchema, { type: 'string' });
};

/**
 * `anyOf: [X, {type: null}]` (zod's nullable object or array) becomes X with `nullable: true`:
 * fast-json-stringify writes that with a null check, where an `anyOf` validates the whole value
 * against each branch first.
 */
function collapseNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(collapseNullable);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = collapseNullable(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const rest = anyOf.filter((branch) => branch.type !== 'null');
    if (rest.length === 1 && typeof rest[0].type === 'string') {
      delete out.anyOf;
      return { ...rest[0], ...out, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema the reply is written from: what the route answers (zod's output side), refs kept for trees. */
export function replyJsonSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', cycles: 'ref', reused: 'inline', override });
  return collapseNullable(json) as Schema;
}

const byJson = new Map<string, Serialize>();
const byZod = new WeakMap<z.ZodType, Serialize>();

function compileJson(json: Schema): Serialize {
  const key = JSON.stringify(json);
  let write = byJson.get(key);
  if (!write) {
    write = fastJson(json) as Serialize;
    byJson.set(key, write);
  }
  return write;
}

/**
 * A discriminated union (the envelope: success with the declared result, or a refusal carrying
 * whatever it carries) is written by the branch its discriminator picks, so no branch is tried by
 * validating the whole reply against it.
 */
function compileZod(schema: z.ZodType): Serialize {
  const cached = byZod.get(schema);
  if (cached) return cached;
  const def = schema._zod.def as { type: string; discriminator?: string; options?: z.ZodType[] };
  let write: Serialize;
  if (def.type === 'union' && def.discriminator && def.options) {
    const key = def.discriminator;
    const branches = def.options.map((option) => ({ values: option._zod.propValues?.[key] ?? new Set(), write: compileZod(option) }));
    write = (data) => {
      const value = (data as Record<string, unknown> | null)?.[key];
      const branch = branches.find((b) => b.values.has(value as never));
      if (!branch) throw new Error(`reply has no branch for ${key} = ${String(value)}`);
      return branch.write(data);
    };
  } else {
    write = compileJson(replyJsonSchema(schema));
  }
  byZod.set(schema, write);
  return write;
}

/** fastify-type-provider-zod also accepts `{ properties: zodSchema }` */
const zodOf = (schema: unknown): z.ZodType | null => {
  if (isZod(schema)) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return isZod(properties) ? properties : null;
};

export class ReplyMismatchError extends Error {}

/**
 * Fastify's serializer for a route's `response` schema: the zod schema becomes JSON Schema, compiled by
 * fast-json-stringify once per schema, so only the fields the schema names reach the wire (a column a
 * query adds cannot leak) and a large page is written faster than by `JSON.stringify`.
 *
 * fast-json-stringify coerces a value of another type (a number where the schema says string) instead
 * of refusing it; with `check` (everywhere but production, so in every test) the reply is first
 * checked against the zod schema, and a schema that no longer says what the service answers fails.
 */
export function replySerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = zodOf(schema);
    // Compiled at the route's first reply, not at start (issue 35): a server answers a fraction of its
    // four hundred routes, and every compiled writer and its JSON Schema stayed in the idle heap.
    let compiled: Serialize | undefined;
    const write: Serialize = (data) => (compiled ??= zod ? compileZod(zod) : compileJson(schema as Schema))(data);
    if (!check || !zod) return write;
    return (data) => {
      const checked = z.safeEncode(zod, data);
      if (!checked.success) {
        const error = new ReplyMismatchError(`${method} ${url}: reply does not match its schema:\n${z.prettifyError(checked.error)}`);
        // The client only sees 服务器错误 and tests run without a logger: the schema's author needs to read this.
        process.stderr.write(`${error.message}\n`);
        throw error;
      }
      return write(data);
    };
  };
}
