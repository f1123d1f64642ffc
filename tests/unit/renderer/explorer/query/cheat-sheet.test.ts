// Every example of the query box's cheat sheet runs on the demo world and matches something
// (the negation's and the disabled filter's examples may match nothing, but must parse).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHostOptions } from '../../../../../src/main/cli';
import { Host } from '../../../../../src/main/host';
import { CHEAT_SHEET } from '../../../../../src/renderer/explorer/query/cheat-sheet';
import { parseQueryInput } from '../../../../../src/renderer/explorer/query/query-input';
import { queryUrl } from '../../../../../src/renderer/explorer/client';

let host: Host;
beforeAll(() => { host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--seed', '1']), mkdtempSync(join(tmpdir(), 'pages-'))); });
afterAll(() => host.stop());

describe('the cheat sheet', () => {
  for (const { example } of CHEAT_SHEET) {
    it(`runs '${example}' on the demo world`, () => {
      const input = parseQueryInput(example);
      expect(input.kind === 'query' || input.kind === 'named', JSON.stringify(input)).toBe(true);
      const url = input.kind === 'query' ? queryUrl({ q: input.q }, { flags: ['count'], limit: 0 })
        : input.kind === 'named' ? queryUrl({ name: input.name, vars: input.vars }, { flags: ['count'], limit: 0 }) : '';
      const reply = host.router.route('GET', url);
      expect(reply.status, reply.body).toBe(200);
      const count = (JSON.parse(reply.body) as { count: number }).count;
      if (!example.includes('Disabled')) expect(count, `${example} matches something`).toBeGreaterThan(0);
    });
  }
});
