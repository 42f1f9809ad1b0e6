// `node dist/index.js http://127.0.0.1:3000/mcp` or `node dist/index.js -- node ../server/dist/index.js`:
// connects, prints the server's tools, and calls one when named with `--call <tool> [json arguments]`.
import { run } from './cli.js';

process.exitCode = await run(process.argv.slice(2));
