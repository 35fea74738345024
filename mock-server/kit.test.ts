import { describe, expect, it } from 'vitest';
import { buildWorld } from '#fixtures/snapshot';
import { MOCK_ORIGIN, setupMockForTests } from './testing.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00');
const mock = setupMockForTests({
  world: () => buildWorld(7, NOW, ({ f, add }) => void add('parents', f.parent({ username: 'kit' }))),
});

describe('the test kit and the adapter', () => {
  it('starts every test from the world, with the clock where the world puts it', async () => {
    expect(mock.state.db.parents.all().map((p) => p.username)).toEqual(['kit']);
    expect(mock.state.nowIso()).toBe('2026-09-01T10:00:00+08:00');
    mock.state.clock.advance(1000);
    await mock.state.db.parents.deleteMany((q) => q.where({ username: 'kit' }));
  });

  it('dates every answer with the mock’s clock (the app’s countdowns follow it)', async () => {
    const response = await fetch(`${MOCK_ORIGIN}/children_center/front/api/class_category`);
    expect(response.headers.get('date')).toBe('Tue, 01 Sep 2026 02:00:00 GMT');
  });

  it('undoes what the previous test did', () => {
    expect(mock.state.db.parents.count()).toBe(1);
    expect(mock.state.nowIso()).toBe('2026-09-01T10:00:00+08:00');
  });
});

describe('refusals', () => {
  it('a handler that refuses with a code its operation does not list fails loudly (the types forbid it; this catches a cast)', async () => {
    const { createDispatcher } = await import('./core/adapter.ts');
    const dispatch = createDispatcher(
      mock.state,
      {
        class_category: (ctx) => {
          throw (ctx.refuse as (name: string) => Error)('classFull');
        },
      },
      { strict: true },
    );
    await expect(dispatch(new Request(`${MOCK_ORIGIN}/children_center/front/api/class_category`))).rejects.toThrow(
      'mock handler class_category refused with classFull, which the contract does not list for it',
    );
  });
});
