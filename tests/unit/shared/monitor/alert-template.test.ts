// Alert message templates, as an operator writes them: `$this`, `$name`, `{Component.member}` with
// optional decimals, `{{`/`}}`; each kind of member printed as the entity reply prints it; and the
// whole text of every refusal, which names the culprit and says what to write.
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { compileTemplate, renderTemplate, TemplateError } from '../../../../src/shared/monitor/alert-template';

/** A world with a ship under Fleet, its components of every member kind, and a prefab it inherits from. */
function shipyard() {
  const world = new World();
  const Fuel = world.component('Fuel', { value: 'f32', kind: { enum: ['Ion', 'Chemical'] }, full: 'bool' });
  const game = world.entity('Game');
  world.component('Cargo', { tons: 'f64', crates: 'u16', debt: 'i32', label: 'string', dest: 'entity', pos: { struct: { x: 'f32' } } }, { parent: game });
  const Ints = world.component('Ints', { a: 'i8', b: 'i16', c: 'u8', d: 'u32', e: 'u64', tiny: 'f64' });
  const Hull = world.component('Hull', { armor: 'i64' });
  const fleet = world.entity('Fleet');
  const mars = world.entity('Mars');
  const ship = world.entity({ name: 'Ship1', parent: fleet });
  world.set(ship, Fuel, { value: 12.375, kind: 'Chemical', full: true });
  world.set(ship, world.lookup('Game.Cargo'), { tons: 1.25, crates: 3, debt: -7, label: 'ore', dest: mars, pos: { x: 0.5 } });
  world.set(ship, Ints, { a: -8, b: -16, c: 8, d: 32, e: 64, tiny: 1.5e-7 });
  const render = (source: string, e: Entity = ship) => renderTemplate(world, compileTemplate(world, source), e);
  return { world, Fuel, Hull, ship, mars, render };
}

/** The TemplateError's message for a template that fails to compile. */
function refusal(world: World, source: unknown): string {
  try { compileTemplate(world, source as string); } catch (e) {
    expect(e).toBeInstanceOf(TemplateError);
    expect((e as Error).name).toBe('TemplateError');
    return (e as Error).message;
  }
  throw new Error(`${JSON.stringify(source)} compiled`);
}

describe('$this and $name', () => {
  test('end at the first character that cannot continue a name', () => {
    const s = shipyard();
    // Digits, letters (both cases, both ends of the range) and '_' continue a word: the text stays as written.
    for (const c of ['0', '9', 'A', 'Z', 'a', 'z', '_']) {
      expect(s.render(`$this${c}`), c).toBe(`$this${c}`);
      expect(s.render(`$name${c}`), c).toBe(`$name${c}`);
    }
    // The characters just outside those ranges end it.
    for (const c of ['/', ':', '@', '[', '`', '~', ' ', '.', '-']) {
      expect(s.render(`$this${c}`), c).toBe(`Fleet.Ship1${c}`);
      expect(s.render(`$name${c}`), c).toBe(`Ship1${c}`);
    }
    expect(s.render('$this')).toBe('Fleet.Ship1');
    expect(s.render('at $name')).toBe('at Ship1');
    expect(s.render('$thi $nam $')).toBe('$thi $nam $');
    // Without the $, the words are text.
    expect(s.render('keep this name. (this) name')).toBe('keep this name. (this) name');
    expect(s.render('$this$name{{$this}}')).toBe('Fleet.Ship1Ship1{Fleet.Ship1}');
  });

  test('inside braces too, with spaces around; an anonymous entity is named by its id', () => {
    const s = shipyard();
    expect(s.render('{$this} / { $name }')).toBe('Fleet.Ship1 / Ship1');
    expect(s.render('}}{Fuel.value}{{')).toBe('}12.375{');
    const anonymous = s.world.entity();
    expect(s.render('$this, $name', anonymous)).toBe(`${anonymous}, ${anonymous}`);
  });
});

describe('member values', () => {
  test('every kind of member, as the entity reply prints it; decimals when asked', () => {
    const s = shipyard();
    expect(s.render('{Fuel.value} {Fuel.kind} {Fuel.full}')).toBe('12.375 Chemical true');
    expect(s.render('{Game.Cargo.tons} {Game.Cargo.crates} {Game.Cargo.debt} {Game.Cargo.label} {Game.Cargo.dest} {Game.Cargo.pos.x}')).toBe('1.25 3 -7 ore Mars 0.5');
    expect(s.render('{Fuel.value:0} {Fuel.value:2} {Fuel.value:12}')).toBe('12 12.38 12.375000000000');
    expect(s.render('{Game.Cargo.tons:1} {Game.Cargo.crates:2} {Game.Cargo.debt:1} {Game.Cargo.pos.x:3}')).toBe('1.3 3.00 -7.0 0.500');
    s.world.set(s.ship, s.Fuel, { full: false });
    expect(s.render('{Fuel.full}')).toBe('false');
    // Every integer kind, plain and with decimals; a small f64 in plain decimals, as replies print it.
    expect(s.render('{Ints.a} {Ints.b} {Ints.c} {Ints.d} {Ints.e} {Ints.tiny}')).toBe('-8 -16 8 32 64 0.00000015');
    expect(s.render('{Ints.a:1} {Ints.b:1} {Ints.c:1} {Ints.d:1} {Ints.e:1}')).toBe('-8.0 -16.0 8.0 32.0 64.0');
  });

  test('an entity member: a dead entity or none prints its id', () => {
    const s = shipyard();
    const Cargo = s.world.lookup('Game.Cargo');
    s.world.delete(s.mars);
    expect(s.render('{Game.Cargo.dest}')).toBe(String(s.mars));
    s.world.set(s.ship, Cargo, { dest: 0 });
    expect(s.render('to {Game.Cargo.dest}')).toBe('to 0');
  });

  test('a value inherited from a prefab is the prefab\'s; a component the entity lacks prints ?', () => {
    const s = shipyard();
    const base = s.world.prefab('Frigate');
    s.world.set(base, s.Hull, { armor: 40 });
    const inst = s.world.instantiate(base, { name: 'F1' });
    expect(s.world.ownsId(inst, s.Hull)).toBe(false);
    expect(s.render('{Hull.armor} {Hull.armor:1}', inst)).toBe('40 40.0');
    expect(s.render('{Hull.armor} {Fuel.value}')).toBe('? 12.375');
  });
});

describe('refusals name the culprit and say what to write', () => {
  test('braces', () => {
    const { world } = shipyard();
    expect(refusal(world, 'low }')).toBe(`unmatched '}' at position 4 of the alert message "low }": write '}}' for a literal brace`);
    expect(refusal(world, '{{x}')).toBe(`unmatched '}' at position 3 of the alert message "{{x}": write '}}' for a literal brace`);
    expect(refusal(world, 'low {Fuel.value')).toBe(`unclosed '{' at position 4 of the alert message "low {Fuel.value": write {Component.member}, or '{{' for a literal brace`);
  });

  test('references', () => {
    const { world } = shipyard();
    expect(refusal(world, 'x {Fuel.valu}')).toBe(`{Fuel.valu} in the alert message "x {Fuel.valu}": Fuel has no member 'valu'; its members are value, kind, full`);
    expect(refusal(world, '{Game.Cargo.nope:2}')).toBe(`{Game.Cargo.nope:2} in the alert message "{Game.Cargo.nope:2}": Game.Cargo has no member 'nope'; its members are tons, crates, debt, label, dest, pos.x`);
    const none = (body: string) => `{${body}} in the alert message "{${body}}" names no component member: write {Component.member} (e.g. {Fuel.value}) with a registered, reflected component, or $this for the entity`;
    for (const body of ['Nope.x', 'Fuel', 'Game.x', '.value', '']) expect(refusal(world, `{${body}}`), body).toBe(none(body));
    // Three digits, or not digits, are not decimals: the member is not found.
    for (const body of ['Fuel.value:123', 'Fuel.value:x']) expect(refusal(world, `{${body}}`)).toBe(`{${body}} in the alert message "{${body}}": Fuel has no member '${body.slice(5)}'; its members are value, kind, full`);
    expect(refusal(world, 42)).toBe('an alert message must be a string, got number');
  });

  test('decimals take one or two digits', () => {
    const { world } = shipyard();
    expect(compileTemplate(world, '{Fuel.value:7}').parts).toEqual([expect.objectContaining({ kind: 'member', digits: 7 })]);
    expect(compileTemplate(world, '{Fuel.value}').parts).toEqual([expect.objectContaining({ kind: 'member', digits: undefined })]);
  });
});
