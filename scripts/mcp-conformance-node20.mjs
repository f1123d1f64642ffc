// Lets the official MCP conformance suite's CLI start on Node 20: its bundle imports `globSync`
// from `fs` (Node 22) at load time, though only its `tier-check` command calls it. This resolve
// hook gives the suite's bundle, and nothing else, an `fs` with a `globSync` that says so.
const SHIM = `export * from 'node:fs';
export function globSync() { throw new Error('conformance tier-check needs Node 22 (fs.globSync); the server scenarios do not'); }`;

/** Resolves `fs` imported by the conformance bundle to the shim; everything else as usual. */
export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/')) {
    return { url: `data:text/javascript,${encodeURIComponent(SHIM)}`, shortCircuit: true };
  }
  return next(specifier, context);
}
