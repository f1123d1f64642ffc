// The client of count.mjs: waits for the port file, then sends N requests of the load mix
// (bench/load/mix.ts; or N uncached 1,000-entity query pages) one after another on one
// keep-alive connection. `client <mix|query> <N> <portfile>`.
import { existsSync, readFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { queryPath, readPath, setPath } from '../load/mix';
const [mode, n, portFile] = process.argv.slice(2) as [string, string, string];
while (!existsSync(portFile) || readFileSync(portFile, 'utf8') === '') await new Promise((r) => setTimeout(r, 200));
const port = Number(readFileSync(portFile, 'utf8'));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (method: string, path: string) => new Promise<number>((resolve, reject) => {
  const req = request({ host: '127.0.0.1', port, method, path, agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
  req.on('error', reject); req.end();
});
// Asteroid ids: the first asteroid's id from the server.
const first = await new Promise<number[]>((resolve) => {
  request({ host: '127.0.0.1', port, path: '/query?q=Position%2CVelocity&limit=40', agent }, (res) => {
    let b = ''; res.setEncoding('utf8'); res.on('data', (c) => { b += c; }); res.on('end', () => {
      const r = JSON.parse(b) as { results: { entities: (string | number)[]; parent?: string }[] };
      resolve(r.results.flatMap((x) => x.entities).map(Number).filter((e) => Number.isInteger(e)).slice(0, 20));
    });
  }).end();
});
if (first.length === 0) throw new Error('no numeric entity ids');
let bad = 0;
for (let i = 1; i < Number(n); i++) {
  const e = first[i % first.length]!;
  let s: number;
  if (mode === 'query') s = await get('GET', '/query?q=Position%2CVelocity&values=true&limit=1000');
  else switch (i % 7) {
    case 0: s = await get('PUT', setPath(e, i)); break;
    case 1: s = await get('GET', readPath(e)); break;
    case 2: s = await get('GET', '/entity/Sun/Earth'); break;
    // Each entity flips at each visit: position 3 meets an entity once in 140 requests.
    case 3: s = await get('PUT', `/${Math.floor(i / 140) % 2 ? 'enable' : 'disable'}/${e}`); break;
    case 4: s = await get('GET', queryPath((i * 13) % 2900)); break;
    case 5: s = await get('GET', readPath(e)); break;
    default: s = await get('GET', '/entity/Sun/Mars?values=true');
  }
  if (s < 200 || s > 299) bad++;
}
if (bad) console.error(`${bad} non-2xx`);
agent.destroy();
