// The official SDK's decoding: `deserializeMessage` (parse + JSON-RPC envelope), then its zod schema of the
// spec type (`specTypeSchemas`): the request as a `CallToolRequest`, the result as a `ListToolsResult`.
import { deserializeMessage, specTypeSchemas } from '@modelcontextprotocol/server';

export function decodeRequest(text) {
  specTypeSchemas.CallToolRequest.parse(deserializeMessage(text));
}

export function decodeToolsListResponse(text) {
  specTypeSchemas.ListToolsResult.parse(deserializeMessage(text).result);
}
