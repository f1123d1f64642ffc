#!/usr/bin/env node
// `npm run mcp:conformance -- --url http://127.0.0.1:27750/mcp`: runs the server scenarios of the
// official MCP conformance suite (@modelcontextprotocol/conformance, a devDependency) against a
// running host's /mcp, with the scenarios we knowingly fail listed in
// scripts/mcp-conformance-baseline.yml (each with its reason). Exit 0 when exactly those fail; 1
// on any other failure, and on a listed scenario that now passes (the list is stale). Further
// options go to the suite's `server` command (`--scenario <name>`, `-o <dir>`, `--verbose`).
import { register } from 'node:module';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
if (!args.includes('--url')) {
  console.error('mcp:conformance needs the MCP endpoint to test: --url http://127.0.0.1:<port>/mcp (start a host first, e.g. npm start)');
  process.exit(2);
}
if (!args.includes('--expected-failures')) args.push('--expected-failures', join(import.meta.dirname, 'mcp-conformance-baseline.yml'));

// Node 20 lacks fs.globSync, which the suite's bundle imports (see mcp-conformance-node20.mjs).
if (Number(process.versions.node.split('.')[0]) < 22) register('./mcp-conformance-node20.mjs', import.meta.url);
const suite = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
process.argv = [process.argv[0], suite, 'server', ...args];
await import(suite);
