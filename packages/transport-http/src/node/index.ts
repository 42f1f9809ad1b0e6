export { type ListenOptions, listen, type McpHttpServer } from './listen.js';
export { createNodeHandler, type NodeRequest } from './node-handler.js';
