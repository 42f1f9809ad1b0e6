import { select } from '@inquirer/prompts';
import { Option } from 'commander';
import type { CliContext, RegisterCommand } from '../command.js';
import { LocalTarballs, LocalTarballsError } from '../create/local-tarballs.js';
import { nextSteps, packageManagerOf } from '../create/next-steps.js';
import { NotEmptyError, scaffold } from '../create/scaffold.js';
import { isTemplateName, TEMPLATES, type TemplateName } from '../create/templates.js';
import { ExitCode, ExitError, UsageError } from '../output.js';

const HELP = `
Templates:
${TEMPLATES.map((template) => `  ${template.name.padEnd(8)}${template.description}`).join('\n')}

Without --template, asks in a terminal. The folder must be new or empty (a .git is fine).
Until the packages are on npm, --from takes the tarballs \`pnpm pack:local\` makes in the repo.

Examples:
  $ mcpkit create my-server --template stdio
  $ npx @mcpkit/cli create my-worker -t worker`;

/** Asks for a template on the terminal; a usage error when there is no terminal to ask on. */
async function askTemplate(context: CliContext): Promise<TemplateName> {
  if (process.stdin.isTTY !== true) {
    throw new UsageError(`choose a template with --template ${TEMPLATES.map((t) => t.name).join('|')}`);
  }
  try {
    return await select<TemplateName>(
      {
        message: 'Which template?',
        choices: TEMPLATES.map((template) => ({
          value: template.name,
          name: template.name,
          description: template.description,
        })),
      },
      { output: context.streams.stderr },
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') {
      throw new ExitError('cancelled: nothing was created', ExitCode.usage);
    }
    throw error;
  }
}

export const create: RegisterCommand = (program, context) => {
  program
    .command('create')
    .description('Start a new project from a template.')
    .argument('<dir>', 'the folder to create, new or empty')
    .addOption(
      new Option('-t, --template <name>', 'the template').choices(TEMPLATES.map((template) => template.name)),
    )
    .option('--from <folder>', 'install the @mcpkit packages from the tarballs in this folder, not npm')
    .addHelpText('after', HELP)
    .action(async (dir: string, options: { template?: string; from?: string }) => {
      try {
        const local = options.from === undefined ? undefined : await LocalTarballs.read(options.from);
        const template =
          options.template !== undefined && isTemplateName(options.template)
            ? options.template
            : await askTemplate(context);
        const project = await scaffold(dir, template, { local });
        const manager = packageManagerOf(process.env.npm_config_user_agent);
        const lines = nextSteps(project, template, manager, process.cwd());
        context.streams.stdout.write(`${lines.join('\n')}\n`);
      } catch (error) {
        if (error instanceof NotEmptyError || error instanceof LocalTarballsError) {
          throw new UsageError(error.message);
        }
        throw error;
      }
    });
};
