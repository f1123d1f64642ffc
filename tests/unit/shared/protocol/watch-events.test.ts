// The watch protocol: the OpenAPI description lists the watch endpoints with the GETs' parameters,
// and a client applying events refuses a delta it has no state for.
import { describe, expect, test } from 'vitest';
import { applyWatchEvent, createWatchDiffer, openApiDocument, watchTarget } from '../../../../src/shared/protocol';
import { CONTRACT } from '../../../../src/shared/rest';

describe('watch protocol', () => {
  test('the OpenAPI document describes /watch/query and /watch/entity/{path} with the GET parameters', () => {
    const paths = openApiDocument(CONTRACT.rows({ maxLimit: 10_000 })).paths as Record<string, { get?: { parameters: { name: string }[]; responses: Record<string, { content: Record<string, unknown> }> } }>;
    for (const [watch, get] of [['/watch/query', '/query'], ['/watch/entity/{path}', '/entity/{path}']] as const) {
      const op = paths[watch]!.get!;
      expect(op.parameters.map((p) => p.name)).toEqual(paths[get]!.get!.parameters.map((p) => p.name));
      expect(Object.keys(op.responses[200]!.content)).toEqual(['text/event-stream']);
      expect(op.responses).toHaveProperty('429');
      expect(op.responses).toHaveProperty('503');
    }
    expect(paths['/watch/world']).toBeUndefined();
  });

  test('full, diff and fail events rebuild the reply; a diff without a full is refused', () => {
    const a = { results: [{ entities: ['A', 'B'], values: [[{ x: 1 }, { x: 2 }]] }] };
    const b = { results: [{ entities: ['A', 'B'], values: [[{ x: 1 }, { x: 5 }]] }, { entities: ['C'] }] };
    const delta = JSON.stringify(createWatchDiffer().diff(a, b));
    let s = applyWatchEvent(undefined, 'full', JSON.stringify(a), '7');
    s = applyWatchEvent(s, 'diff', delta, '8');
    expect(s).toEqual({ reply: b, error: undefined, frame: 8 });
    s = applyWatchEvent(s, 'fail', '{"status":404,"error":"gone"}', '9');
    expect(s).toEqual({ reply: undefined, error: { status: 404, error: 'gone' }, frame: 9 });
    expect(() => applyWatchEvent(s, 'diff', delta, '10')).toThrow(/before any 'full' event/);
    expect(watchTarget('/query?q=Planet')).toBe('/watch/query?q=Planet');
  });
});
