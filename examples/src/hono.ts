// Streamable HTTP inside a Hono app: the fetch handler takes the Web Request as it is.
// #region hono
import { createFetchHandler } from '@mcpkit/transport-http';
import { Hono } from 'hono';
import { createWeatherServer } from './weather-server.js';

const mcp = createFetchHandler(createWeatherServer());
export const app = new Hono();
app.all('/mcp', (c) => mcp(c.req.raw));
// #endregion hono
