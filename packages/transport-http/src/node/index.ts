export { createNodeHandler, type NodeRequest } from './node-handler.js';
export { type McpHttpServer, type ServeHttpOptions, serveHttp } from './serve-http.js';
