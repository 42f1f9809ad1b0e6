// Bun: `bun src/bun.ts`.
// #region bun
import { createFetchHandler } from '@mcpkit/transport-http';
import { createWeatherServer } from './weather-server.js';

Bun.serve({ hostname: '127.0.0.1', port: 8000, fetch: createFetchHandler(createWeatherServer()) });
// #endregion bun
