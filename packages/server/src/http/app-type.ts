import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AppContext } from '../app-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The Fastify instance with TypeBox typing, as routes receive it (apart from `http/app.ts`, which builds it). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
