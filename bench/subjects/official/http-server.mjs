// Official SDK v2 HTTP server: `createMcpHandler` mounted on node:http with its own `toNodeHandler`.
// Prints "listening <port>".
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { echoServerFactory } from './server.mjs';

const handle = toNodeHandler(createMcpHandler(echoServerFactory(toolCountFromArgv())));
const server = createServer((req, res) => handle(req, res));
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
exitWhenStdinCloses();
