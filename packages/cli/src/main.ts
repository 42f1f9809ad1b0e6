import { runCli } from './program.js';

// Ends the process with the command's exit code once it is done, even if a server process or a
// socket would keep the event loop alive (stdout and stderr are synchronous for pipes and files).
process.exitCode = await runCli(process.argv.slice(2));
process.exit();
