// The bytes every subject sees: the echo tool, the 999 filler tools of the tools/list workload, and the
// 2026-07-28 requests the raw drivers (line client, autocannon) send. Plain data, no SDK.

export const PROTOCOL_VERSION = '2026-07-28';
export const ECHO_TEXT = 'hello from the bench';

/** Per-request `_meta` every 2026-07-28 request carries. */
export const requestMeta = Object.freeze({
  'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'mcpkit-bench', version: '0.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

export const echoTool = Object.freeze({
  name: 'echo',
  description: 'Echoes the text it is given.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
});

/** Filler tool `i` of the tools/list workload (same shape as the protocol-decode benchmark). */
export function fillerTool(i) {
  return {
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: `Does thing number ${i} with its arguments.`,
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1 },
      },
      required: ['city'],
    },
    annotations: { readOnlyHint: true },
  };
}

/** `echo` followed by `toolCount - 1` filler tools. */
export function toolCatalog(toolCount) {
  return [echoTool, ...Array.from({ length: Math.max(0, toolCount - 1) }, (_, i) => fillerTool(i + 1))];
}

/** Reads `--tools N` from a server script's argv (default 1: just `echo`). */
export function toolCountFromArgv(argv = process.argv) {
  const at = argv.indexOf('--tools');
  const count = at === -1 ? 1 : Number(argv[at + 1]);
  if (!Number.isInteger(count) || count < 1) throw new Error(`bad --tools value: ${argv[at + 1]}`);
  return count;
}

export function callEchoRequest(id, text = ECHO_TEXT) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { _meta: requestMeta, name: 'echo', arguments: { text } },
  };
}

export function listToolsRequest(id, cursor) {
  const params = cursor === undefined ? { _meta: requestMeta } : { _meta: requestMeta, cursor };
  return { jsonrpc: '2.0', id, method: 'tools/list', params };
}

/** Streamable HTTP request headers for a 2026-07-28 POST (header mirroring of method and name). */
export function httpHeaders(method, name) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    'mcp-method': method,
  };
  if (name !== undefined) headers['mcp-name'] = name;
  return headers;
}

/** The text of an echo result, or an Error describing what came back instead. */
export function echoTextOf(result) {
  const text = result?.content?.[0]?.text;
  return typeof text === 'string' ? text : new Error(`not an echo result: ${JSON.stringify(result)}`);
}

/** Throws unless `text` is what the echo tool was asked to echo. */
export function expectEcho(text, expected = ECHO_TEXT) {
  if (text !== expected)
    throw new Error(`echo returned ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
}

/** `initialize` of a 2025-11-25 client (no capabilities), for the legacy workload. */
export function legacyInitializeRequest(id) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'mcpkit-bench', version: '0.0.0' },
    },
  };
}

/** `tools/call` of echo as a 2025-11-25 client sends it: no `_meta`, the session supplies it. */
export function legacyCallEchoRequest(id, text = ECHO_TEXT) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } };
}
