import { type FastifyInstance } from 'fastify';
import { type RequestContext, runInRequestContext } from '../request-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    requestContext: RequestContext;
  }
}

/**
 * Opens the request context (actor, address) for each request. It is entered twice: at onRequest, and again at
 * preValidation, because a parsed body resumes the request from the socket's 'end' event, outside the context
 * entered first (the pattern @fastify/request-context uses). Both entries share one object, so the actor the
 * bearer check sets is seen by the handler.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.decorateRequest('requestContext', undefined as unknown as RequestContext);
  app.addHook('onRequest', (request, _reply, done) => {
    request.requestContext = { actor: undefined, ip: request.ip };
    runInRequestContext(request.requestContext, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    runInRequestContext(request.requestContext, done);
  });
}
