// Official SDK v2 stdio server: `serveStdio` with the echo server factory. Usage: node stdio-server.mjs [--tools N]
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { echoServerFactory } from './server.mjs';

serveStdio(echoServerFactory(toolCountFromArgv()));
