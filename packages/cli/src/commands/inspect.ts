import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Option } from 'commander';
import { parseHeaders, type RegisterCommand, type ServerOptions, serverCommand } from '../command.js';
import { choiceProblem, ERAS, HTTP_TRANSPORTS, type HttpTransport } from '../inspect/choice.js';
import { EventHub } from '../inspect/events.js';
import { startInspectorServer } from '../inspect/server.js';
import { InspectorSession } from '../inspect/session.js';
import { openUrl } from '../open-url.js';
import { UsageError } from '../output.js';
import { targetFrom } from '../target.js';

interface InspectOptions extends ServerOptions {
  open: boolean;
  port: number;
  era: string;
  transport: HttpTransport;
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port takes a port from 0 to 65535 (0: any free one), got: ${value}`);
  }
  return port;
}

/** The page's built files, next to the bundled program. */
const ASSETS = fileURLToPath(new URL('./inspector', import.meta.url));

export const inspect: RegisterCommand = (program, context) => {
  serverCommand(program, 'inspect', 'Open a web inspector for one server in the browser.', [
    'mcpkit inspect http://localhost:3000/mcp',
    'mcpkit inspect --no-open --port 6274 -- node server.js',
  ])
    .argument('[command...]', 'the command that starts a stdio server (or give it after --)')
    .option('--no-open', 'print the URL without opening a browser')
    .option('--port <port>', 'the local port to listen on (0: any free one)', portNumber, 0)
    .addOption(
      new Option('--era <era>', 'the protocol era to speak').choices(Object.keys(ERAS)).default('auto'),
    )
    .addOption(
      new Option(
        '--transport <transport>',
        'over HTTP: http (Streamable HTTP) or sse (the 2025 HTTP+SSE transport)',
      )
        .choices(HTTP_TRANSPORTS)
        .default('http'),
    )
    .action(async (words: string[], options: InspectOptions) => {
      const serverWords = context.serverCommand.length > 0 ? context.serverCommand : words;
      if (context.serverCommand.length > 0 && words.length > 0) {
        throw new UsageError('name the server once: a command after -- or before it, not both');
      }
      const target = targetFrom(options.url, serverWords);
      const headers = parseHeaders(options.header);
      const choice = { era: options.era, transport: options.transport };
      const problem = choiceProblem(choice, target.kind === 'http');
      if (problem !== undefined) throw new UsageError(problem);
      const session = new InspectorSession(
        {
          target,
          choice,
          ...(headers === undefined ? {} : { headers }),
          ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
        },
        new EventHub(),
      );
      const token = randomBytes(32).toString('base64url');
      const inspector = await startInspectorServer(session, { port: options.port, token, assets: ASSETS });
      const url = `http://127.0.0.1:${inspector.port}/#token=${token}`;
      context.streams.stdout.write(`INSPECTOR_URL=${url}\n`);
      // A server that cannot be reached is shown on the page, which offers to reconnect.
      session.reconnect().catch(() => {});
      if (options.open) {
        const outcome = await openUrl(url);
        if (!outcome.opened) context.streams.stderr.write(`${outcome.reason}\n`);
      }
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve).once('SIGTERM', resolve);
      });
      await session.close();
      await inspector.close();
    });
};
