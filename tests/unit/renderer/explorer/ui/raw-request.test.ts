import { describe, expect, it } from 'vitest';
import { booleanOptions, curlCommand, withOption } from '../../../../../src/renderer/explorer/ui/raw-request';

describe('raw request helpers', () => {
  it('finds the boolean options of a target, in order, and nothing else', () => {
    expect(booleanOptions('/entity/Sun/Earth?label=true&values=true&refs=*&base=false')).toEqual([
      { name: 'label', on: true }, { name: 'values', on: true }, { name: 'base', on: false },
    ]);
    expect(booleanOptions('/tables')).toEqual([]);
  });

  it('switches one option, keeping the others and their order, or adds it', () => {
    expect(withOption('/query?q=Position&values=true&limit=50', 'values', false)).toBe('/query?q=Position&values=false&limit=50');
    expect(withOption('/query?q=Position', 'count', true)).toBe('/query?q=Position&count=true');
    expect(withOption('/tables', 'x', true)).toBe('/tables?x=true');
  });

  it('writes a curl line a POSIX shell reads back as the same URL', () => {
    expect(curlCommand('http://127.0.0.1:27750/', '/query?q=Position%2C%20Velocity')).toBe("curl -s 'http://127.0.0.1:27750/query?q=Position%2C%20Velocity'");
    expect(curlCommand('http://h:1', "/entity/it's")).toBe("curl -s 'http://h:1/entity/it'\\''s'");
    expect(curlCommand('http://h:1', '/disable/Ship1', 'PUT')).toBe("curl -s -X PUT 'http://h:1/disable/Ship1'");
  });
});
