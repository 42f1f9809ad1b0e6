import { elicitation, type InputSpec, type McpServer, roots, sampling } from '@mcpkit/server';
import { textResult } from './content.js';
import { NAME_FORM, OK_FORM } from './forms.js';

/**
 * Tools that ask the client for input with multi round-trip requests (the input-required-result-*
 * scenarios). Each handler reads as straight-line code: an unanswered question ends the round with
 * `input_required`, and the client's retry runs the handler again with the answers.
 */
export function registerInputTools(server: McpServer): void {
  server.tool(
    'test_input_required_result_elicitation',
    { description: 'Asks the user for their name, then greets them' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('user_name', {
        message: 'What is your name?',
        requestedSchema: NAME_FORM,
      });
      if (answer.action !== 'accept') return textResult(`No name given (${answer.action})`);
      return textResult(`Hello, ${answer.content.name}!`);
    },
  );

  server.tool(
    'test_input_required_result_sampling',
    { description: "Asks the client's model a question" },
    async (_args, ctx) => {
      const answer = await ctx.sample('capital_question', {
        messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
        maxTokens: 100,
      });
      const reply = answer.content;
      return textResult(
        `The model said: ${!Array.isArray(reply) && reply.type === 'text' ? reply.text : '…'}`,
      );
    },
  );

  server.tool(
    'test_input_required_result_list_roots',
    { description: "Asks for the client's roots" },
    async (_args, ctx) => {
      const { roots: found } = await ctx.listRoots('client_roots');
      return textResult(`The client shares ${found.length} root(s): ${found.map((r) => r.uri).join(', ')}`);
    },
  );

  server.tool(
    'test_input_required_result_request_state',
    { description: 'Carries a server-made value across rounds in the signed requestState' },
    async (_args, ctx) => {
      // Made once, in the first round, and replayed from the signed requestState afterwards.
      const ticket = await ctx.once('ticket', () => `ticket-${Date.now().toString(36)}`);
      const answer = await ctx.elicit('confirm', {
        message: 'Please confirm',
        requestedSchema: OK_FORM,
      });
      const confirmed = answer.action === 'accept' && answer.content.ok;
      return textResult(`state-ok: ${ticket} ${confirmed ? 'confirmed' : 'not confirmed'}`);
    },
  );

  server.tool(
    'test_input_required_result_multiple_inputs',
    { description: 'Asks for elicitation, sampling and roots in one round' },
    async (_args, ctx) => {
      const answers = await ctx.ask({
        user_name: elicitation({ message: 'What is your name?', requestedSchema: NAME_FORM }),
        greeting: sampling({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        }),
        client_roots: roots(),
      });
      const name = answers.user_name.action === 'accept' ? answers.user_name.content.name : 'someone';
      return textResult(
        `Got a name (${name}), a greeting from ${answers.greeting.model} and ${answers.client_roots.roots.length} root(s)`,
      );
    },
  );

  server.tool(
    'test_input_required_result_multi_round',
    { description: 'Asks two questions, one round after the other' },
    async (_args, ctx) => {
      const step1 = await ctx.elicit('step1', {
        message: 'Step 1: What is your name?',
        requestedSchema: NAME_FORM,
      });
      const step2 = await ctx.elicit('step2', {
        message: 'Step 2: What is your favorite color?',
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      });
      const name = step1.action === 'accept' ? step1.content.name : 'someone';
      const color = step2.action === 'accept' ? step2.content.color : 'no color';
      return textResult(`${name} likes ${color}`);
    },
  );

  server.tool(
    'test_input_required_result_tampered_state',
    { description: 'Asks for a confirmation; a retry whose requestState was altered is rejected' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('confirm', {
        message: 'Please confirm',
        requestedSchema: OK_FORM,
      });
      return textResult(answer.action === 'accept' && answer.content.ok ? 'Confirmed' : 'Not confirmed');
    },
  );

  server.tool(
    'test_input_required_result_capabilities',
    { description: 'Asks only for the kinds of input this request declared it can give' },
    async (_args, ctx) => {
      const wanted: Record<string, InputSpec<unknown>> = {
        user_name: elicitation({ message: 'What is your name?', requestedSchema: NAME_FORM }),
        greeting: sampling({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        }),
        client_roots: roots(),
      };
      const askable = Object.fromEntries(Object.entries(wanted).filter(([, spec]) => ctx.canAsk(spec)));
      if (Object.keys(askable).length === 0) return textResult('This client cannot answer any question');
      const answers = await ctx.ask(askable);
      return textResult(`Answered: ${Object.keys(answers).join(', ')}`);
    },
  );
}
