// Serves the everything server on stdin/stdout; exits when stdin closes.
import { serveStdio } from '@mcpkit/transport-stdio';
import { createEverythingServer } from './server.js';

serveStdio(createEverythingServer());
