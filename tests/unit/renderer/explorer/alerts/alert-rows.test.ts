import { describe, expect, it } from 'vitest';
import { activeFor, alertRows, worstSeverity } from '../../../../../src/renderer/explorer/alerts/alert-rows';
import type { QueryReply } from '../../../../../src/renderer/explorer/client';

// Shaped as the host answers GET /query?q=<ALERTS_QUERY>&values=true: one result per alert and
// severity, values per term (Instance, Source, Value), the tag pair last with no value.
const reply: QueryReply = {
  variables: ['severity'],
  results: [
    {
      variables: ['ecs.alerts.Warning'], parent: 'ShipLowOnFuel', entities: [3421, 3422],
      values: [[{ message: 'Ship4 is low on fuel' }, { message: 'Ship9 is low on fuel' }], [{ entity: 'Ship4' }, { entity: 'Ship9' }], [{ value: 2.5 }, { value: 75 }], 0],
    },
    {
      variables: ['ecs.alerts.Error'], parent: 'ShipOutOfFuel', entities: [3500],
      values: [[{ message: 'Ship2 is out of fuel' }], [{ entity: 'Ship2' }], [{ value: 1 }], 0],
    },
    {
      variables: ['ecs.alerts.Info'], parent: 'AsteroidLeftBelt', entities: [3600],
      values: [[{ message: 'an asteroid left the belt' }], [{ entity: 0 }], [{ value: 4000 }], 0],
    },
  ],
};

describe('alertRows', () => {
  it('lists every instance with its alert, message, source and age, most severe first, then oldest first', () => {
    const rows = alertRows(reply);
    expect(rows.map((r) => [r.severity, r.alert, r.source, r.seconds])).toEqual([
      ['Error', 'ShipOutOfFuel', 'Ship2', 1],
      ['Warning', 'ShipLowOnFuel', 'Ship9', 75],
      ['Warning', 'ShipLowOnFuel', 'Ship4', 2.5],
      ['Info', 'AsteroidLeftBelt', undefined, 4000],
    ]);
    expect(rows[1]!.message).toBe('Ship9 is low on fuel');
    expect(worstSeverity(rows)).toBe('Error');
  });

  it('gives no rows for no reply or an empty one', () => {
    expect(alertRows(undefined)).toEqual([]);
    expect(alertRows({ variables: ['severity'], results: [] })).toEqual([]);
    expect(worstSeverity([])).toBeUndefined();
  });

  it('says how long an alert has been active in the largest sensible unit', () => {
    expect(activeFor(4.9)).toBe('4 s');
    expect(activeFor(125)).toBe('2 min');
    expect(activeFor(3900)).toBe('1 h 5 min');
    expect(activeFor(undefined)).toBe('');
  });
});
