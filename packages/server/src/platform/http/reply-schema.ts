import { z } from 'zod';

/**
 * The JeecgBoot envelope around a route's `result`, for the route's `response: { 200 }`. A refusal
 * (`BizError`) also answers 200, with whatever result it carries, so the failure branch leaves `result`
 * as it is; only a success must be the declared reply.
 */
export const envelopeSchema = (result: z.ZodType) =>
  z.discriminatedUnion('success', [
    z.object({ success: z.literal(true), message: z.string(), code: z.number(), result, timestamp: z.number() }),
    z.object({ success: z.literal(false), message: z.string(), code: z.number(), result: z.unknown(), timestamp: z.number() }),
  ]);
