// mcpkit's HTTP echo server for the cluster workload: with `--redis URL`, sessions, events and the
// requestState keys come from @mcpkit/redis (`createRedisCluster`); without it, from memory as usual.
// Prints "listening <port>".
import { createRedisCluster } from '@mcpkit/redis';
import { serveHttp } from '@mcpkit/transport-http/node';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { createEchoServer } from './server.mjs';

const at = process.argv.indexOf('--redis');
const url = at === -1 ? undefined : process.argv[at + 1];
const cluster = url === undefined ? undefined : await createRedisCluster({ url, prefix: 'bench' });
const { port } = await serveHttp(createEchoServer(1, cluster?.server ?? {}), { port: 0 });
console.log(`listening ${port}`);
exitWhenStdinCloses();
