// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '#contract/index';
import { z } from '#contract/zod';
import { readSearch, takes, withFilters, writeSearch } from './search-params.ts';

const read = (text: string) => readSearch(new URLSearchParams(text));

describe('the search in the address', () => {
  it('reads every filter as the contract types it', () => {
    expect(read('name=钢琴&center=2&specialty=21&age=7&weekday=6&time_of_day=1&admission_kind=2&fee_min=1000&fee_max=2000&available=true&page=3')).toEqual({
      name: '钢琴',
      center: 2,
      specialty: 21,
      age: 7,
      weekday: 6,
      time_of_day: 1,
      admission_kind: 2,
      // Money as the contract parses it: yuan in the address, fen in the search.
      fee_min: 100000,
      fee_max: 200000,
      available: true,
      page: 3,
    });
  });

  it('drops what the contract would refuse, instead of sending it', () => {
    expect(read('age=abc&weekday=9&center=-1&time_of_day=&admission_kind=5&available=false&page=0&page_size=100&foo=1')).toEqual({});
    expect(read('name=%20%20')).toEqual({});
    // An amount no fen count can hold (an ID number in the fee box of a shared link).
    expect(read('fee_min=110105201903081231&fee_max=2000')).toEqual({ fee_max: 200000 });
  });

  it('turns a range typed backwards around', () => {
    expect(read('fee_min=3000&fee_max=1000')).toMatchObject({ fee_min: 100000, fee_max: 300000 });
  });

  it('writes the same search in the same order, without page 1', () => {
    expect(writeSearch({ available: true, age: 7, name: '画', page: 1 }).toString()).toBe('name=%E7%94%BB&age=7&available=true');
    expect(writeSearch(read('weekday=6&center=1&page=2')).toString()).toBe('center=1&weekday=6&page=2');
    // Money goes back into the address in yuan, as it came.
    expect(writeSearch(read('fee_min=1000&fee_max=1999.5')).toString()).toBe('fee_min=1000&fee_max=1999.5');
    // What the wire cannot carry is left out, never thrown.
    expect(writeSearch({ fee_min: 1e20 as never, age: 7 }).toString()).toBe('age=7');
  });

  it('a change of filter goes back to page 1; a new center forgets the specialty', () => {
    expect(withFilters({ center: 1, specialty: 12, page: 4 }, { weekday: 6 })).toEqual({ center: 1, specialty: 12, weekday: 6 });
    expect(withFilters({ center: 1, specialty: 12 }, { center: 2 })).toEqual({ center: 2 });
    expect(withFilters({ center: 1, specialty: 12, age: 5 }, { age: undefined })).toEqual({ center: 1, specialty: 12 });
  });

  it('checks each filter as the query’s schema does, without loading it', () => {
    const schema = operations.search_by_screening_conditions.query.shape;
    const value = fc.oneof(
      fc.integer({ min: -3, max: 30 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.double({ noNaN: true }),
      fc.constantFrom(0, 1, 18, 19, 1e20, 2 ** 53, -0.5, 0.5, 7.25),
      fc.string({ maxLength: 60 }),
      fc.stringMatching(/^ {0,3}[画钢琴]{48,52} {0,3}$/),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(takes) as (keyof typeof takes)[])), value, (key, given) => {
        expect(takes[key](given), `${key}: ${JSON.stringify(given)}`).toBe(z.safeEncode(schema[key], given as never).success);
      }),
      { numRuns: 2000 },
    );
  });
});
