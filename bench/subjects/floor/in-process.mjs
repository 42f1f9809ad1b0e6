// Floor, in-process: JSON encode and decode around one await.
import { callEchoRequest, echoTextOf, listToolsRequest } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

/** The server alone: request bytes in, response bytes out. */
export async function openServer({ toolCount }) {
  const answer = createAnswer(toolCount);
  return {
    serve: async (text) => JSON.stringify(answer(JSON.parse(text))),
    close: async () => {},
  };
}

/** A client calling that server directly. */
export async function open({ toolCount }) {
  const { serve } = await openServer({ toolCount });
  let nextId = 1;
  const exchange = async (request) => JSON.parse(await serve(JSON.stringify(request))).result;
  return {
    callEcho: async (text) => echoTextOf(await exchange(callEchoRequest(nextId++, text))),
    listTools: async () => (await exchange(listToolsRequest(nextId++))).tools.length,
    close: async () => {},
  };
}
