export {
  createMessagePortClientTransport,
  type MessagePortClientOptions,
  type MessagePortClientTransport,
} from './client.js';
export type { MessagePortLike, PortMessageEvent } from './port.js';
export { type MessagePortServer, type MessagePortServerOptions, serveMessagePort } from './server.js';
