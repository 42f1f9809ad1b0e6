// Floor, HTTP client on node:http: one POST per call through a keep-alive agent, the cheapest way Node
// itself allows. The headers go as a flat name/value list, which Node writes as it is (an object is first
// copied header by header into a map of its own, about 5 µs more per call); a list gets no Host or
// Content-Length from Node, so it carries them. The body is read whole and parsed once.
import { Agent, request } from 'node:http';
import { callEchoRequest, echoTextOf, httpHeaders, listToolsRequest } from '../../lib/mcp-wire.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

export async function connect(url) {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port, pathname, host } = new URL(url);
  let nextId = 1;
  const post = (message, headers) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(message);
      const list = [...headers, 'content-length', String(Buffer.byteLength(body))];
      const req = request({ hostname, port, path: pathname, method: 'POST', headers: list, agent }, (res) => {
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
  const headerList = (headers) => [...Object.entries(headers).flat(), 'host', host];
  const callHeaders = headerList(httpHeaders('tools/call', 'echo'));
  const listHeaders = headerList(httpHeaders('tools/list'));
  return {
    callEcho: async (text) => echoTextOf(await post(callEchoRequest(nextId++, text), callHeaders)),
    listTools: async () => (await post(listToolsRequest(nextId++), listHeaders)).tools.length,
    close: async () => agent.destroy(),
  };
}
