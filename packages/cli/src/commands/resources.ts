import type { McpClient, Resource, ResourceTemplate } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withServer } from '../command.js';
import { columns } from '../content.js';
import type { Output } from '../output.js';

interface ResourceLists {
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
}

function resourcesText({ resources, resourceTemplates }: ResourceLists): string {
  const describe = (item: Resource | ResourceTemplate) =>
    `${item.name}${item.mimeType ? ` (${item.mimeType})` : ''}${item.description ? `: ${item.description}` : ''}`;
  const sections = [
    resources.length === 0 ? '(no resources)' : columns(resources.map((r) => [r.uri, describe(r)])),
  ];
  if (resourceTemplates.length > 0) {
    sections.push(
      `Templates:\n${columns(resourceTemplates.map((t) => [`  ${t.uriTemplate}`, describe(t)]))}`,
    );
  }
  return sections.join('\n\n');
}

/** Prints every resource and resource template. */
export async function showResources(client: McpClient, output: Output): Promise<void> {
  const lists: ResourceLists = { resources: [], resourceTemplates: [] };
  for await (const resource of client.iterateResources()) lists.resources.push(resource);
  for await (const template of client.iterateResourceTemplates()) lists.resourceTemplates.push(template);
  output.result(lists, resourcesText);
}

export const resources: RegisterCommand = (program, context) => {
  serverCommand(program, 'resources', 'List the resources and resource templates.', [
    'mcpkit resources http://localhost:3000/mcp',
    'mcpkit resources --json -- node server.js',
  ]).action(
    withServer(context, async ({ connection, output }) => {
      await showResources(connection.client, output);
      return undefined;
    }),
  );
};
