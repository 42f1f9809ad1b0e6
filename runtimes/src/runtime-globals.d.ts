// The calls the Deno and Bun entries make, declared so that they type-check beside the Node entry
// without either runtime's full type package.
declare namespace Deno {
  function serve(
    options: { hostname?: string; port?: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { addr: { port: number }; shutdown(): Promise<void> };
}
declare namespace Bun {
  function serve(options: {
    hostname?: string;
    port?: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number; stop(closeActiveConnections?: boolean): void };
}
