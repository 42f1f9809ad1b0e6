// Streamable HTTP inside a Fastify 5 app.
// #region fastify
import { createNodeHandler } from '@mcpkit/transport-http/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { createWeatherServer } from './weather-server.js';

export function createFastifyApp(): FastifyInstance {
  const app = Fastify();
  const handler = createNodeHandler(createWeatherServer());
  app.all('/mcp', (request, reply) => {
    reply.hijack(); // the handler writes the response itself, SSE included
    return handler(Object.assign(request.raw, { body: request.body }), reply.raw);
  });
  return app;
}
// #endregion fastify
