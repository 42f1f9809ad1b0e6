// A Next.js App Router route handler (app/mcp/route.ts): route handlers take and return Web
// Requests and Responses, so the fetch handler is the whole route.
// #region nextjs
import { createFetchHandler } from '@mcpkit/transport-http';
import { createWeatherServer } from './weather-server.js';

const handler = createFetchHandler(createWeatherServer(), { path: '/mcp' });

export { handler as DELETE, handler as GET, handler as POST };
// #endregion nextjs
