// Floor, in-process: JSON encode and decode around one await, the response's id checked.

import { fetchServe } from '../../lib/fetch-serve.mjs';
import { callEchoRequest, echoTextOf, listToolsRequest } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

/** The server alone: request bytes in, response bytes out. */
export async function openServer({ toolCount }) {
  const answer = createAnswer(toolCount);
  return {
    serve: async (text) => answer(JSON.parse(text)),
    close: async () => {},
  };
}

/** A client calling that server directly. */
export async function open({ toolCount }) {
  const { serve } = await openServer({ toolCount });
  let nextId = 1;
  // What a short honest client does with the answer: parse it, check it answers this request, and
  // take its result (an error response is an error, not a result).
  const exchange = async (request) => {
    const response = JSON.parse(await serve(JSON.stringify(request)));
    if (response.id !== request.id) throw new Error(`response id ${response.id} is not ${request.id}`);
    if (response.result === undefined)
      throw new Error(`${request.method} failed: ${JSON.stringify(response.error)}`);
    return response.result;
  };
  return {
    callEcho: async (text) => echoTextOf(await exchange(callEchoRequest(nextId++, text))),
    listTools: async () => (await exchange(listToolsRequest(nextId++))).tools.length,
    close: async () => {},
  };
}

/** The server alone behind the least a fetch handler does: parse the `Request`'s JSON, answer a `Response`. */
export async function openFetchServer({ toolCount }) {
  const answer = createAnswer(toolCount);
  const handler = async (request) =>
    new Response(answer(await request.json()), { headers: { 'content-type': 'application/json' } });
  return { serve: fetchServe(handler), close: async () => {} };
}
