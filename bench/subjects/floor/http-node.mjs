// Floor, HTTP client on node:http: one POST per call through a keep-alive agent, the cheapest way Node
// itself allows. The body is read whole and parsed once.
import { Agent, request } from 'node:http';
import { callEchoRequest, echoTextOf, httpHeaders, listToolsRequest } from '../../lib/mcp-wire.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

export async function connect(url) {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port, pathname } = new URL(url);
  let nextId = 1;
  const post = (message, headers) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(message);
      const req = request({ hostname, port, path: pathname, method: 'POST', headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).result);
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const callHeaders = httpHeaders('tools/call', 'echo');
  const listHeaders = httpHeaders('tools/list');
  return {
    callEcho: async (text) => echoTextOf(await post(callEchoRequest(nextId++, text), callHeaders)),
    listTools: async () => (await post(listToolsRequest(nextId++), listHeaders)).tools.length,
    close: async () => agent.destroy(),
  };
}
