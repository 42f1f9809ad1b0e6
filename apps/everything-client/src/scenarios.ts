import type { CallToolResult, McpClient, Tool } from '@mcpkit/client';
import { authScenarios } from './auth-scenarios.js';
import { autoAnswerHandlers } from './auto-answer.js';
import { sampleArguments } from './sample-arguments.js';
import type { Scenario, ScenarioRun } from './scenario.js';

async function allTools(client: McpClient): Promise<Tool[]> {
  const tools: Tool[] = [];
  for await (const tool of client.iterateTools()) tools.push(tool);
  return tools;
}

function summary(result: CallToolResult): string {
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : `${result.content.length} block(s)`;
  return result.isError ? `error: ${text}` : text;
}

async function call(run: ScenarioRun, client: McpClient, name: string, args?: Record<string, unknown>) {
  const result = await client.callTool(name, args);
  run.log(`tools/call ${name} -> ${summary(result)}`);
  return result;
}

/**
 * Runs `step`, logging a failure instead of throwing: for scenarios whose mock server answers
 * some requests in ways the client rightly refuses, while the checks look only at what was sent.
 */
async function tolerate(run: ScenarioRun, what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    run.log(`${what} failed (tolerated): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Lists the tools and calls each once, with arguments that fit its input schema. */
async function callEveryTool(run: ScenarioRun): Promise<void> {
  const client = run.client();
  for (const tool of await allTools(client)) {
    await call(run, client, tool.name, sampleArguments(tool.inputSchema as Record<string, unknown>));
  }
}

/** The client scenarios this app plays, by the suite's scenario name. */
export const scenarios: Readonly<Record<string, Scenario>> = {
  async tools_call(run) {
    const client = run.client();
    const tools = await allTools(client);
    if (!tools.some((tool) => tool.name === 'add_numbers'))
      throw new Error('the server has no add_numbers tool');
    await call(run, client, 'add_numbers', { a: 5, b: 3 });
  },

  // 2025-era scenarios: the client detects the older server and runs initialize (C-56..C-58).
  async initialize(run) {
    const client = run.client();
    const server = await client.connect();
    run.log(`connected (${server?.era}) at ${client.protocolVersion}`);
    await allTools(client);
  },

  // The server asks with elicitation/create; the form handler accepts with the schema's defaults.
  'elicitation-sep1034-client-defaults': callEveryTool,

  // The server closes the tool call's stream after a priming event; the client resumes with GET and
  // Last-Event-ID after the server's retry (SEP-1699).
  'sse-retry': callEveryTool,

  // The mock refuses the first request with -32022; the client retries with a supported version.
  // Its server/discover then advertises no capabilities, so nothing else may be asked (C-12).
  async 'request-metadata'(run) {
    const client = run.client();
    const server = await client.connect();
    run.log(
      `connected at ${client.protocolVersion}; capabilities ${JSON.stringify(server?.capabilities ?? {})}`,
    );
  },

  async 'sep-2322-client-request-state'(run) {
    const auto = autoAnswerHandlers();
    let unrelatedCalled = false;
    const client: McpClient = run.client({
      handlers: {
        ...auto,
        elicitation: {
          // Between the rounds of the first multi round-trip call, make an unrelated call: it must
          // carry none of that call's answers or state.
          form: async (request, input) => {
            if (!unrelatedCalled) {
              unrelatedCalled = true;
              await call(run, client, 'test_mrtr_unrelated');
            }
            return auto.elicitation!.form!(request, input);
          },
        },
      },
    });
    await call(run, client, 'test_mrtr_echo_state');
    await call(run, client, 'test_mrtr_no_state');
    await call(run, client, 'test_mrtr_no_result_type');
  },

  async 'http-standard-headers'(run) {
    const client = run.client();
    for (const tool of await allTools(client)) {
      await tolerate(run, `tools/call ${tool.name}`, () => call(run, client, tool.name));
    }
    for await (const resource of client.iterateResources()) {
      await tolerate(run, `resources/read ${resource.uri}`, async () => {
        const result = await client.readResource(resource.uri);
        run.log(`resources/read ${resource.uri} -> ${result.contents.length} content(s)`);
      });
    }
    for await (const prompt of client.iteratePrompts()) {
      await tolerate(run, `prompts/get ${prompt.name}`, async () => {
        const result = await client.getPrompt(prompt.name);
        run.log(`prompts/get ${prompt.name} -> ${result.messages.length} message(s)`);
      });
    }
  },

  async 'http-custom-headers'(run) {
    const calls = run.context.toolCalls;
    if (!calls?.length) throw new Error('MCP_CONFORMANCE_CONTEXT holds no toolCalls');
    const client = run.client();
    for (const { name, arguments: args } of calls) await call(run, client, name, args);
  },

  // The client drops tools with invalid x-mcp-header annotations from tools/list (H-24) and calls
  // the ones it kept.
  async 'http-invalid-tool-headers'(run) {
    const client = run.client();
    for (const tool of await allTools(client)) {
      await call(run, client, tool.name, sampleArguments(tool.inputSchema as Record<string, unknown>));
    }
  },

  // Listing tools compiles their schemas; a network $ref must not be fetched.
  async 'json-schema-ref-no-deref'(run) {
    const tools = await allTools(run.client());
    run.log(`tools/list -> ${tools.map((tool) => tool.name).join(', ')}`);
  },

  async 'json-schema-2020-12-preservation'(run) {
    const client = run.client();
    const tools = await allTools(client);
    const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('the server has no json_schema_2020_12_tool');
    await call(run, client, 'json_schema_echo', { schema: focal.inputSchema });
  },

  ...authScenarios,
};
