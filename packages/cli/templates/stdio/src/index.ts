#!/usr/bin/env node
// Serves the server on stdin/stdout; it exits when stdin closes. Log to stderr: stdout carries MCP.
import { serveStdio } from '@mcpkit/transport-stdio';
import { createServer } from './server.js';

serveStdio(createServer());
