import type { RegisterCommand } from '../command.js';
import { call } from './call.js';
import { complete } from './complete.js';
import { create } from './create.js';
import { get } from './get.js';
import { info } from './info.js';
import { inspect } from './inspect.js';
import { listen } from './listen.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { prompts } from './prompts.js';
import { read } from './read.js';
import { resources } from './resources.js';
import { shell } from './shell.js';
import { tools } from './tools.js';

/** Every command of `mcpkit`, in the order `mcpkit --help` lists them. */
export const commands: readonly RegisterCommand[] = [
  create,
  info,
  tools,
  call,
  resources,
  read,
  prompts,
  get,
  complete,
  listen,
  shell,
  inspect,
  login,
  logout,
];
