import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LoginResult } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { answerSignIn } from '../../../platform/storage/static-cookie.ts';
import { clientOf, type ClientInfo } from '../../operations/log/log.service.ts';
import { loginReply } from './auth.replies.ts';

export type SignInRoute<B extends z.ZodType> = {
  tags: string[];
  summary: string;
  description: string;
  body: B;
  signIn: (deps: AppDeps, body: z.output<B>, client: ClientInfo, url: string) => Promise<LoginResult>;
  /** the answer's message on success */
  message: string;
};

/**
 * A route that signs someone in from a posted body (password, SMS code, a binding): open to all, at
 * most 30 a minute from one address, answering as /sys/login does — the session in `result` and the
 * static-file cookie beside it.
 */
export function signInRoute<B extends z.ZodType>(app: FastifyInstance, deps: AppDeps, path: string, route: SignInRoute<B>): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: route.tags, summary: route.summary, description: route.description, body: route.body, response: { 200: envelopeSchema(loginReply) } },
    },
    async (request, reply) => {
      const result = await route.signIn(deps, request.body as z.output<B>, clientOf(request), request.url);
      return answerSignIn(reply, deps.config, result, route.message);
    },
  );
}
