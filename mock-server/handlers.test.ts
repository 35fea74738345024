import { describe, expect, it } from 'vitest';
import { operationList } from '#contract/index';
import { handlers } from './handlers/index.ts';
import { setupMockForTests } from './testing.ts';

const mock = setupMockForTests();

describe('the handler set', () => {
  it('has a handler for every operation of the contract', () => {
    const missing = operationList.filter((op) => !(op.id in handlers)).map((op) => op.id);
    expect(missing, `operations without a handler: ${missing.join(', ')}`).toEqual([]);
    expect(Object.keys(handlers).sort()).toEqual(operationList.map((op) => op.id).sort());
  });

  it('answers an unknown call under the API path with 404 and its error code', async () => {
    const answer = await mock.raw('GET', 'no_such_call');
    expect(answer).toMatchObject({ status: 404, error_code: 404000, msg: '接口不存在' });
    expect(await mock.raw('POST', 'class_category')).toMatchObject({ status: 404, error_code: 404000 });
  });
});
