import type { McpServer } from '@mcpkit/server';
import { RED_PIXEL_PNG } from './media.js';

const IDS = ['1', '2', '3', '42', '123'];

/**
 * The resources of the resources-* scenarios. `test://static-text` comes first: the caching
 * scenario reads the first listed resource.
 */
export function registerResources(server: McpServer): void {
  server.resource(
    'test://static-text',
    {
      name: 'static-text',
      title: 'Static text',
      description: 'A fixed text resource',
      mimeType: 'text/plain',
      // The same for every caller, so shared caches may keep it for a minute (S-42).
      cache: { ttlMs: 60_000, cacheScope: 'public' },
    },
    (uri) => ({
      contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );

  server.resource(
    'test://static-binary',
    {
      name: 'static-binary',
      title: 'Static binary',
      description: 'A fixed binary resource: a 1×1 red PNG',
      mimeType: 'image/png',
      cache: { ttlMs: 60_000, cacheScope: 'public' },
    },
    (uri) => ({ contents: [{ uri, mimeType: 'image/png', blob: RED_PIXEL_PNG }] }),
  );

  server.resourceTemplate(
    'test://template/{id}/data',
    {
      name: 'template-data',
      title: 'Data by id',
      description: 'JSON data for any id',
      mimeType: 'application/json',
      complete: { id: (value) => IDS.filter((id) => id.startsWith(value)) },
    },
    (uri, { id }) => ({
      contents: [
        {
          uri,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }),
  );
}
