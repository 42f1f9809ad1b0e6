// A Cloudflare Worker (`wrangler deploy`): the module's fetch is the fetch handler.
// #region worker
import { createFetchHandler } from '@mcpkit/transport-http';
import { createWeatherServer } from './weather-server.js';

const handler = createFetchHandler(createWeatherServer(), { allowedHosts: ['weather.example.workers.dev'] });
export default { fetch: (request: Request) => handler(request) };
// #endregion worker
