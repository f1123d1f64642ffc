// Building the world from the inspector: create a child, add a component (reflected defaults), a
// tag and a pair, remove a component with its value, a pair, rename — each followed by Undo, and
// each checked over REST: the action's change is there, and after Undo the entity is exactly as
// before (ids with values, name, parent).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { put } from './support/rest';

const T = { timeout: 30_000 };

interface Entity { status: number; ids?: string[][]; values?: unknown[] }

async function entity(request: APIRequestContext, path: string): Promise<Entity> {
  const r = await request.get(`/entity/${path}?values=true`);
  return r.status() === 200 ? { ...(await r.json()) as Entity, status: 200 } : { status: r.status() };
}

/** "id=value" texts of an entity, or its status when it is not there. */
async function state(request: APIRequestContext, path: string): Promise<string> {
  const e = await entity(request, path);
  if (e.status !== 200) return `status ${e.status}`;
  return (e.ids ?? []).map((id, i) => `${id.join(',')}=${JSON.stringify(e.values?.[i])}`).sort().join(' ');
}

test('create, add, remove and rename from the inspector, each undone to the exact state before', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const rq = page.request;
  await rq.put('/delete/Sun/Probe');
  await rq.put('/delete/Sun/Probe2');

  const x = await openExplorer(page, '?entity=Sun');
  const build = x.inspector.locator('section.build');
  const undo = build.getByRole('button', { name: /^Undo/ });
  const add = async (id: string) => {
    await build.getByLabel('Component, tag or pair to add').fill(id);
    await build.getByRole('button', { name: 'Add', exact: true }).click();
  };

  // Create a child of Sun; the inspector opens it. Undo deletes it and goes back to Sun.
  await build.getByLabel('Name of a new child').fill('Probe');
  await build.getByRole('button', { name: 'Create child' }).click();
  await expect.poll(() => state(rq, 'Sun/Probe'), T).toBe('');
  await expect(page).toHaveURL(/entity=Sun\.Probe\b/, T);
  await undo.click();
  await expect.poll(() => state(rq, 'Sun/Probe'), T).toBe('status 404');
  await expect(page).toHaveURL(/entity=Sun(&|$)/, T);
  await build.getByLabel('Name of a new child').fill('Probe');
  await build.getByRole('button', { name: 'Create child' }).click();
  await expect(page).toHaveURL(/entity=Sun\.Probe\b/, T);

  // The add box completes from the world's components and tags.
  await expect(build.locator('datalist option[value="Fuel"]')).toHaveCount(1, T);
  await expect(build.locator('datalist option[value="Star"]')).toHaveCount(1, T);

  // A component at its reflected defaults, a tag, a pair: each added, then undone. (Spin: no
  // system reacts to it alone; an empty Fuel would get OutOfFuel from the sim.)
  const empty = await state(rq, 'Sun/Probe');
  for (const [id, shows] of [['Spin', 'Spin={"speed":0}'], ['Star', 'Star=0'], ['(TravellingTo, Sun.Earth)', 'TravellingTo,Sun.Earth=0']]) {
    await add(id!);
    await expect.poll(() => state(rq, 'Sun/Probe'), T).toContain(shows);
    await undo.click();
    await expect.poll(() => state(rq, 'Sun/Probe'), T).toBe(empty);
  }

  // Remove a component with a value and a pair: each comes back exactly on Undo.
  await put(rq, `/set/Sun/Probe?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel'], ['TravellingTo', 'Sun.Mars']], values: [{ value: 42.5, capacity: 80 }] }))}`);
  const full = await state(rq, 'Sun/Probe');
  expect(full).toContain('Fuel={"value":42.5,"capacity":80}');
  for (const id of ['Fuel', '(TravellingTo,Sun.Mars)']) {
    await build.getByRole('button', { name: `Remove ${id}` }).click();
    await expect.poll(() => state(rq, 'Sun/Probe'), T).not.toBe(full);
    await undo.click();
    await expect.poll(() => state(rq, 'Sun/Probe'), T).toBe(full);
  }

  // Rename: the inspector follows the new path; Undo gives the old name back.
  await build.getByLabel('New name').fill('Probe2');
  await build.getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => state(rq, 'Sun/Probe2'), T).toBe(full);
  expect(await state(rq, 'Sun/Probe')).toBe('status 404');
  await expect(page).toHaveURL(/entity=Sun\.Probe2\b/, T);
  await undo.click();
  await expect.poll(() => state(rq, 'Sun/Probe'), T).toBe(full);
  expect(await state(rq, 'Sun/Probe2')).toBe('status 404');

  // A refused action shows the server's reason and changes nothing.
  await add('NoSuchThing');
  await expect(build.getByRole('alert')).toContainText("'NoSuchThing' names no entity", T);
  expect(await state(rq, 'Sun/Probe')).toBe(full);

  await put(rq, '/delete/Sun/Probe');
  expect(errors).toEqual([]);
});

test('create at the root and add a component with a value from the inspector, each undone to the exact state before', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const rq = page.request;
  await rq.put('/delete/Probe3');

  // Nothing selected: the Build section offers a root entity; Undo deletes it and selects nothing again.
  const x = await openExplorer(page);
  const build = x.inspector.locator('section.build');
  const undo = build.getByRole('button', { name: /^Undo/ });
  const createAtRoot = async (name: string) => {
    await build.getByLabel('Name of a new root entity').fill(name);
    await build.getByRole('button', { name: 'Create at root' }).click();
  };
  await createAtRoot('Probe3');
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('');
  await expect(page).toHaveURL(/entity=Probe3\b/, T);
  await undo.click();
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('status 404');
  await expect(page).not.toHaveURL(/entity=/, T);

  // With Sun shown: created at the root (not under Sun), and Undo goes back to Sun.
  await page.goto('/explorer/?entity=Sun');
  await createAtRoot('Probe3');
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('');
  expect(await state(rq, 'Sun/Probe3')).toBe('status 404');
  await expect(page).toHaveURL(/entity=Probe3\b/, T);
  await undo.click();
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('status 404');
  await expect(page).toHaveURL(/entity=Sun(&|$)/, T);
  await createAtRoot('Probe3');
  await expect(page).toHaveURL(/entity=Probe3\b/, T);
  const empty = await state(rq, 'Probe3');

  const add = async (id: string, value: string) => {
    await build.getByLabel('Component, tag or pair to add').fill(id);
    await build.getByLabel('Value as JSON (optional)').fill(value);
    await build.getByRole('button', { name: 'Add', exact: true }).click();
  };
  // A component with a value (value= of PUT /component); Undo removes it. (Fuel stays above
  // 20% of its capacity, so the sim adds no LowFuel.)
  await add('Fuel', '{"value": 42.5, "capacity": 80}');
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('Fuel={"value":42.5,"capacity":80}');
  await undo.click();
  await expect.poll(() => state(rq, 'Probe3'), T).toBe(empty);

  // Owned already: the value is set, and Undo puts back the value it had (not a removal).
  await add('Fuel', '{"value": 42.5, "capacity": 80}');
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('Fuel={"value":42.5,"capacity":80}');
  const full = await state(rq, 'Probe3');
  await expect(build.getByRole('button', { name: 'Remove Fuel' })).toBeVisible(T);
  await add('Fuel', '{"value": 30, "capacity": 90}');
  await expect.poll(() => state(rq, 'Probe3'), T).toBe('Fuel={"value":30,"capacity":90}');
  await undo.click();
  await expect.poll(() => state(rq, 'Probe3'), T).toBe(full);

  // Completion: declared tags (before anything has them) and, inside an open pair, the named
  // entities whose path contains the typed target.
  await expect(build.locator('datalist option[value="OutOfFuel"]')).toHaveCount(1, T);
  await build.getByLabel('Component, tag or pair to add').fill('(TravellingTo, ear');
  await expect(build.locator('datalist option[value="(TravellingTo, Sun.Earth)"]')).toHaveCount(1, T);
  await expect(build.locator('datalist option[value="Fuel"]')).toHaveCount(0, T);

  // Refused values show the server's reason and change nothing.
  await add('Fuel', '{"value": 1');
  await expect(build.getByRole('alert')).toContainText("parameter 'value' is not valid JSON", T);
  expect(await state(rq, 'Probe3')).toBe(full);
  await add('Star', '{"x": 1}');
  await expect(build.getByRole('alert')).toContainText("'Star' carries no data", T);
  expect(await state(rq, 'Probe3')).toBe(full);

  await put(rq, '/delete/Probe3');
  expect(errors).toEqual([]);
});
