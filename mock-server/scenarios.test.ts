import { describe, expect, it } from 'vitest';
import { scenarioList } from '#fixtures/scenario-list';
import { scenarios } from '#fixtures/scenarios';
import { booksProblems } from './rules/books.ts';
import { createMockState } from './control/setup.ts';

describe('every named scenario, loaded into the mock', () => {
  it.each(Object.keys(scenarios))('%s is already in step with the mock’s own time rules', async (name) => {
    const state = await createMockState({ scenario: name });
    const before = state.snapshot();
    await state.catchUp();
    // A scenario whose rows a time rule would rewrite on the first call would show QA a moving target.
    expect(state.snapshot()).toEqual(before);
  });

  it.each(Object.keys(scenarioList))('%s keeps the books (books.ts)', async (name) => {
    const state = await createMockState({ scenario: name });
    expect(booksProblems(state.snapshot())).toEqual([]);
  });

  it('has at least the eight scenarios the design brief asks for, each described in one line', () => {
    const entries = Object.entries(scenarios);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    for (const [name, scenario] of entries) {
      expect(scenario.description, name).toMatch(/[\u4e00-\u9fa5]/);
      expect(scenario.description.includes('\n'), name).toBe(false);
    }
  });
});
