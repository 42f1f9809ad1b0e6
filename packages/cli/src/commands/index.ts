import type { RegisterCommand } from '../command.js';
import { create } from './create.js';
import { info } from './info.js';

/** Every command of `mcpkit`, in the order `mcpkit --help` lists them. */
export const commands: readonly RegisterCommand[] = [info, create];
