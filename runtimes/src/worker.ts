// workerd: the smoke server as a Worker module; run.mjs runs the smoke client against it from Node.
import { createFetchHandler } from '@mcpkit/transport-http';
import { createSmokeServer } from './smoke-server.js';

const handler = createFetchHandler(createSmokeServer());
export default { fetch: (request: Request) => handler(request) };
