// Floor, HTTP client: one fetch POST per call (keep-alive is fetch's default in Node).
import { callEchoRequest, echoTextOf, httpHeaders, listToolsRequest } from '../../lib/mcp-wire.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

export async function connect(url) {
  let nextId = 1;
  const post = async (request, headers) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()).result;
  };
  const callHeaders = httpHeaders('tools/call', 'echo');
  const listHeaders = httpHeaders('tools/list');
  return {
    callEcho: async (text) => echoTextOf(await post(callEchoRequest(nextId++, text), callHeaders)),
    listTools: async () => (await post(listToolsRequest(nextId++), listHeaders)).tools.length,
    close: async () => {},
  };
}
