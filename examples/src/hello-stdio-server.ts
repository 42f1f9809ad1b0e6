// Hello world over stdio, the server side: `node dist/hello-stdio-server.js`.
// #region stdio-server
import { serveStdio } from '@mcpkit/transport-stdio';
import { createWeatherServer } from './weather-server.js';

serveStdio(createWeatherServer());
// #endregion stdio-server
