export { type ListenArgs, parseListenArgs } from './args.js';
export { createEverythingServer, SERVER_INFO } from './server.js';
