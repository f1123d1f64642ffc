// The query language at a glance, next to the query box: each line an example that runs on the
// demo world (a unit test runs every one), and what it means.

/** One example of the cheat sheet. */
export interface CheatSheetEntry {
  example: string;
  means: string;
}

/** The examples, simplest first. */
export const CHEAT_SHEET: readonly CheatSheetEntry[] = [
  { example: 'Position, Velocity', means: 'has both (terms are joined by AND)' },
  { example: 'Fuel, !LowFuel', means: '! — has Fuel but not LowFuel' },
  { example: 'Position, ?Velocity', means: '? — Velocity optional (its value when present)' },
  { example: 'Planet || Asteroid', means: '|| — either one' },
  { example: '(ChildOf, Sun)', means: 'a pair: (relationship, target)' },
  { example: '(TravellingTo, $p), Planet($p)', means: '$p — a variable; Planet($p): the term is about $p' },
  { example: '(ChildOf, $p), Planet($p)', means: 'moons and their planet' },
  { example: 'Position(up ChildOf), Planet', means: 'up — take Position from the parent' },
  { example: 'Planet, $this == Sun.Earth', means: '== — compare $this (or a variable) with an entity' },
  { example: 'Fuel, ecs.core.Disabled', means: 'disabled entities are left out unless a term asks for them' },
  { example: '?-ShipsHeadingTo(planet: Sun.Earth)', means: '?- — a named query, rule or system, with variable values' },
];
