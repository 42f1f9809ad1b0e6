export { type DemoArgs, parseDemoArgs } from './args.js';
export {
  type AuthorizationServerOptions,
  DEMO_ACCOUNT,
  serveAuthorizationServer,
} from './authorization-server.js';
export {
  BASE_SCOPE,
  createProtectedServer,
  type ProtectedServerOptions,
  WRITE_SCOPE,
} from './protected-server.js';
