// The docs test's own rules, on small texts: what counts as an example, how a curl line is read,
// and how a shown reply is compared. If these drift, examples.test.ts would run the wrong things
// or pass replies that differ.
import { describe, expect, test } from 'vitest';
import { parseCurl } from './curl-command';
import { examplesOf } from './doc-examples';
import { matchPattern, parsePattern } from './reply-pattern';

const MD = [
  '# Title',                                                                  // 1
  'Open <http://127.0.0.1:27750/explorer/> or `/entity/<path>` at `localhost:27750/entity/<path>`.', // 2
  '',                                                                         // 3
  '| Construct | Example | Meaning |',                                        // 4
  '|---|---|---|',                                                            // 5
  '| Or | `Planet \\|\\| Moon`, `curl localhost:27750/tables` | either |',    // 6
  '',                                                                         // 7
  '| Parameter | Default |',                                                  // 8
  '|---|---|',                                                                // 9
  '| `limit` | `100` |',                                                      // 10
  '',                                                                         // 11
  '```sh',                                                                    // 12
  '$ curl -s localhost:27750/query?q=Planet   # trimmed',                     // 13
  '{"results":[…]}',                                                          // 14
  '$ npm start',                                                              // 15
  'set_time() { curl -X PUT localhost:27750/set/x; }',                        // 16
  'curl -X PUT localhost:27750/disable/Sun/Earth',                            // 17
  '```',                                                                      // 18
  '',                                                                         // 19
  '```query-error',                                                           // 20
  "unresolved identifier 'Nope'",                                             // 21
  'Nope',                                                                     // 22
  '^',                                                                        // 23
  '```',                                                                      // 24
].join('\n');

describe('what counts as an example', () => {
  test('curl lines and spans, URLs without placeholders, Example-column spans, query-error blocks; each at its line', () => {
    const found = examplesOf('x.md', MD).map((e) => {
      const { file: _f, ...rest } = e;
      return rest;
    });
    expect(found).toEqual([
      { line: 2, kind: 'url', url: '127.0.0.1:27750/explorer/', target: '/explorer/' },
      { line: 6, kind: 'query', expression: 'Planet || Moon' },
      { line: 6, kind: 'curl', command: 'curl localhost:27750/tables' },
      { line: 13, kind: 'curl', command: 'curl -s localhost:27750/query?q=Planet   # trimmed', reply: { text: '{"results":[…]}', line: 14 } },
      { line: 16, kind: 'unrunnable', text: 'set_time() { curl -X PUT localhost:27750/set/x; }', reason: expect.stringContaining('curl does not start the line') },
      { line: 17, kind: 'curl', command: 'curl -X PUT localhost:27750/disable/Sun/Earth' },
      { line: 21, kind: 'query-error', expression: 'Nope', message: "unresolved identifier 'Nope'\nNope\n^" },
    ]);
  });
});

describe('a curl line read as curl would', () => {
  test('method, -G with --data-urlencode into the URL (curl encodes all but A-Z a-z 0-9 - . _ ~), -N, -H and the comment', () => {
    expect(parseCurl(`curl -X PUT -G localhost:27750/set/Sun/Mars --data-urlencode 'data={"a":[1]}'  # a note`)).toEqual({
      method: 'PUT', target: '/set/Sun/Mars?data=%7B%22a%22%3A%5B1%5D%7D', stream: false, headers: {}, comment: 'a note',
    });
    expect(parseCurl(`curl -sN 'http://127.0.0.1:27750/watch/entity/Ship1?values=true' -H 'Authorization: Bearer t'`)).toEqual({
      method: 'GET', target: '/watch/entity/Ship1?values=true', stream: true, headers: { authorization: 'Bearer t' }, comment: '',
    });
    expect(parseCurl(`curl -G 'localhost:27750/query?q=Planet' --data-urlencode "limit=1" -d x=y`).target).toBe('/query?q=Planet&limit=1&x=y');
  });

  test('what cannot run as written is refused with the way to write it', () => {
    expect(() => parseCurl(`curl -X PUT "localhost:27750/set/x?data=$(jq -rn '{a:1}|@uri')"`)).toThrow(/substitution.*--data-urlencode/);
    expect(() => parseCurl('curl localhost:27750/tables | jq .')).toThrow(/operator '\|'/);
    expect(() => parseCurl(`curl 'localhost:27750/query?q=[in] Position'`)).toThrow(/glob/);
    expect(() => parseCurl(`curl -g 'localhost:27750/query?q=[in]%20Position'`)).not.toThrow();
    expect(() => parseCurl('curl localhost:8080/tables')).toThrow(/default address/);
    expect(() => parseCurl('curl --compressed localhost:27750/tables')).toThrow(/does not know curl's --compressed/);
    expect(() => parseCurl('curl -X PUT localhost:27750/set/x -d data=1')).toThrow(/add -G/);
  });
});

describe('a shown reply compared with a real one', () => {
  const exact = { numbers: 'exact', trimmed: false } as const;

  test('exact unless … leaves something out', () => {
    const p = parsePattern('{"path":"Sun.Earth","ids":[["Position"],…],"values":[{"x":1.5,…},0]}');
    expect(matchPattern(p, { path: 'Sun.Earth', ids: [['Position'], ['Planet']], values: [{ x: 1.5, y: 2 }, 0] }, exact)).toEqual([]);
    expect(matchPattern(p, { path: 'Sun.Earth', ids: [['Position']], values: [{ x: 1.25 }, 0], extra: 1 }, exact).map((d) => d.path)).toEqual(['$.values[0].x', '$']);
    expect(matchPattern(p, { path: 'Sun.Earth', ids: [], values: [{ x: 1.5 }, 0] }, exact).map((d) => d.path)).toEqual(['$.ids']);
  });

  test('measured numbers compare by kind; a trimmed reply may have more members and elements', () => {
    const p = parsePattern('{"avg":[3,3],"brief":"Alive"}');
    const got = { avg: [7, 8, 9], brief: 'Alive', min: [] };
    expect(matchPattern(p, got, { numbers: 'kind', trimmed: true })).toEqual([]);
    expect(matchPattern(p, got, { numbers: 'kind', trimmed: false })).not.toEqual([]);
    expect(matchPattern(p, { avg: ['3', 3], brief: 'Alive' }, { numbers: 'kind', trimmed: false }).map((d) => d.path)).toEqual(['$.avg[0]']);
  });

  test('a reply that is neither JSON nor … is refused with where it stops', () => {
    expect(() => parsePattern('{"a":1,}x')).toThrow(/offset/);
    expect(() => parsePattern('[…,1]')).toThrow(/only at its end/);
  });
});
