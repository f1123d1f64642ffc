// Facts written once (issue "each fact once"): the ones a change would most likely copy are held
// here. Each test names where the fact lives; a copy elsewhere in src/ fails it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { World } from '../../../src/shared/ecs';
import { DEFAULT_PORT } from '../../../src/shared/protocol/constants';

const root = join(__dirname, '../../..');

/** Every source file of src/ with its code: comments removed, so a comment may mention a fact. */
function sources(): { file: string; code: string }[] {
  const out: { file: string; code: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        const text = readFileSync(path, 'utf8');
        // Block comments, then line comments that start a line or follow code (not inside '…//…' strings of URLs).
        const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
        out.push({ file: relative(root, path), code });
      }
    }
  };
  walk(join(root, 'src'));
  return out;
}

const all = sources();
const holding = (pattern: RegExp) => all.filter((s) => pattern.test(s.code)).map((s) => s.file).sort();

describe('facts written once', () => {
  test('the default port is protocol/constants/port.ts (and the store\'s Rest component, held equal here)', () => {
    expect(holding(/\b27750\b/)).toEqual(['src/shared/ecs/builtins.ts', 'src/shared/protocol/constants/port.ts']);
    const w = new World();
    w.set(w.core.World, w.core.Rest, {});
    expect(w.get<{ port: number }>(w.core.World, w.core.Rest)?.port).toBe(DEFAULT_PORT);
  });

  test('echoed text is cut with … by protocol/constants/echo.ts echoed() alone (the store, which imports nothing of ours, cuts its own)', () => {
    // `.slice(0, n)…` or `.slice(0, n) + '…'`: a cut made by hand.
    expect(holding(/\.slice\(0, [^)]*\)(?:\}|\s*\+\s*)['"`]?…/)).toEqual(['src/shared/ecs/values.ts']);
  });

  test("'the path names no entity' and the <path> parameter's description are common/entity-path.ts's", () => {
    expect(holding(/the path names no entity/)).toEqual(['src/shared/rest/common/entity-path.ts']);
    expect(holding(/a level of digits is an entity id/)).toEqual(['src/shared/rest/common/entity-path.ts']);
  });

  test('the ecs ↔ flecs renaming is protocol/constants/root-names.ts (renameRoot; DialectNames gets its pair from there)', () => {
    // A rename written by hand: a pattern for the root name, or the pair spelled out.
    expect(holding(/\b(?:ecs|flecs)\(\?=|\[\s*['"]ecs['"],\s*['"]flecs['"]\s*\]|\$1ecs|"ecs\\\./)).toEqual([]);
    expect(holding(/\bREFERENCE_ROOT = /)).toEqual(['src/shared/protocol/constants/root-names.ts']);
  });

  test('offset and limit are defined by protocol pageParams alone', () => {
    expect(holding(/\boffset: \{ schema:|\boffset: int/)).toEqual(['src/shared/protocol/rest-params.ts']);
  });
});
