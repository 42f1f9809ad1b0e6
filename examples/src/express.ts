// Streamable HTTP inside an Express 5 app.
// #region express
import { createNodeHandler } from '@mcpkit/transport-http/node';
import express from 'express';
import { createWeatherServer } from './weather-server.js';

export function createExpressApp(): express.Express {
  const app = express();
  // Every method reaches the handler, so GET and DELETE get 405 rather than 404.
  app.all('/mcp', createNodeHandler(createWeatherServer()));
  return app;
}
// #endregion express
