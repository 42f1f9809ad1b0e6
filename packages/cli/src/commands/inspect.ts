import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EraOption } from '@mcpkit/client';
import { Option } from 'commander';
import { parseHeaders, type RegisterCommand, type ServerOptions, serverCommand } from '../command.js';
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
}

const ERAS: Readonly<Record<string, EraOption>> = {
  auto: 'auto',
  '2026-07-28': 'modern',
  '2025-11-25': 'legacy',
};

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
    .action(async (words: string[], options: InspectOptions) => {
      const serverWords = context.serverCommand.length > 0 ? context.serverCommand : words;
      if (context.serverCommand.length > 0 && words.length > 0) {
        throw new UsageError('name the server once: a command after -- or before it, not both');
      }
      const target = targetFrom(options.url, serverWords);
      const headers = parseHeaders(options.header);
      const session = new InspectorSession(
        {
          target,
          era: ERAS[options.era]!,
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
