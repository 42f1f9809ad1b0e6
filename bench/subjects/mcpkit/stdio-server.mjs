// mcpkit stdio server: `serveStdio` from @mcpkit/transport-stdio. Usage: node stdio-server.mjs [--tools N]
import { serveStdio } from '@mcpkit/transport-stdio';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

serveStdio(createEchoServer(toolCountFromArgv()));
