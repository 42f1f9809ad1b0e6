// Deno: `deno run --allow-net src/deno.ts` (npm: specifiers, or an import map, supply the packages).
// #region deno
import { createFetchHandler } from '@mcpkit/transport-http';
import { createWeatherServer } from './weather-server.js';

Deno.serve({ hostname: '127.0.0.1', port: 8000 }, createFetchHandler(createWeatherServer()));
// #endregion deno
