import { describe, expect, it } from 'vitest';
import { operations } from './index.ts';
import { decodePathParams, decodeQuery, encodeQuery, matchPath } from './wire.ts';

describe('wire codec', () => {
  it('round-trips a typed query through text', () => {
    const query = { name: '美术', center: 3, available: true, weekday: 6 as const, page: 2 };
    const schema = operations.search_by_screening_conditions.query;
    const decoded = decodeQuery(schema, encodeQuery(query));
    expect(schema.parse(decoded)).toEqual(query);
  });

  it('leaves out undefined and null, and drops keys the schema does not declare', () => {
    const params = encodeQuery({ passed: true, page: undefined, extra: null });
    expect(params.toString()).toBe('passed=true');
    params.append('_t', '1789999999999');
    expect(decodeQuery(operations.contact_information.query, params)).toEqual({ passed: true });
  });

  it('keeps text that is not a number so validation can name the field', () => {
    const decoded = decodeQuery(operations.get_pay_status.query, new URLSearchParams('trade_no=T1&order_id=abc'));
    expect(decoded).toEqual({ trade_no: 'T1', order_id: 'abc' });
    const result = operations.get_pay_status.query.safeParse(decoded);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['order_id']);
  });

  it('reads false as false, not as a truthy string', () => {
    expect(decodeQuery(operations.contact_information.query, new URLSearchParams('passed=false'))).toEqual({ passed: false });
  });

  it('matches path templates and decodes their params', () => {
    expect(matchPath('class_detail/{id}', 'class_detail/42')).toEqual({ id: '42' });
    expect(matchPath('class_detail/{id}', 'class_detail/42/x')).toBeNull();
    expect(matchPath('sign_up', 'sign_up/3')).toBeNull();
    const params = matchPath('get_my_collection/{type}', 'get_my_collection/1')!;
    expect(operations.get_my_collection.pathParams.parse(decodePathParams(operations.get_my_collection.pathParams, params))).toEqual({ type: 1 });
  });
});
