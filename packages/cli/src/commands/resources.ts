import type { Resource, ResourceTemplate } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withServer } from '../command.js';
import { columns } from '../content.js';

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

export const resources: RegisterCommand = (program, context) => {
  serverCommand(program, 'resources', 'List the resources and resource templates.', [
    'mcpkit resources http://localhost:3000/mcp',
    'mcpkit resources --json -- node server.js',
  ]).action(
    withServer(context, async ({ connection, output }) => {
      const { client } = connection;
      const lists: ResourceLists = { resources: [], resourceTemplates: [] };
      for await (const resource of client.iterateResources()) lists.resources.push(resource);
      for await (const template of client.iterateResourceTemplates()) lists.resourceTemplates.push(template);
      output.result(lists, resourcesText);
      return undefined;
    }),
  );
};
