// A server extension of your own: the locale a client asks for, in every tool handler's ctx. It adds
// an entry under capabilities.extensions, a method, and ctx.locale; nothing else in the server changes.
// #region server-extension
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer, type ServerExtension } from '@mcpkit/server';

const LOCALE = 'io.example/locale';
const LOCALES = ['en', 'fr'];

declare module '@mcpkit/server' {
  interface ToolContext {
    /** The locale this request declared under the extension, if the server has it; else 'en'. */
    readonly locale: string;
  }
}

function localeExtension(): ServerExtension<string> {
  return {
    id: LOCALE,
    settings: { locales: LOCALES }, // advertised by server/discover
    methods: { 'locale/list': { run: async () => ({ resultType: 'complete', locales: LOCALES }) } },
    // Step 6 of every tools/call: what this call's ctx.locale will read.
    toolCall: ({ request }) => {
      const asked = (request.clientCapabilities.extensions?.[LOCALE] as { locale?: unknown })?.locale;
      return typeof asked === 'string' && LOCALES.includes(asked) ? asked : undefined;
    },
    toolContext: { locale: (_ctx, locale) => locale ?? 'en' },
  };
}

const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { extensions: [localeExtension()] });
server.tool('greet', { description: 'Says hello' }, (_args, ctx) => ({
  content: [{ type: 'text', text: ctx.locale === 'fr' ? 'Bonjour' : 'Hello' }],
}));

export async function greetInFrench(): Promise<{ text: string; advertised: unknown }> {
  const client = new McpClient(createInMemoryTransport(server), {
    capabilities: { extensions: { [LOCALE]: { locale: 'fr' } } },
  });
  const result = await client.callTool('greet', {});
  const advertised = client.server?.capabilities.extensions?.[LOCALE];
  await client.close();
  const [first] = result.content;
  return { text: first?.type === 'text' ? first.text : '', advertised }; // 'Bonjour', { locales: ['en', 'fr'] }
}
// #endregion server-extension
