/**
 * The route table (decision 064): addresses built and read by one codec per page, a wrong or
 * missing param a type error, and the paths of spec §2 as they were.
 */
import { describe, expect, it } from 'vitest';
import { href, readSearch, routeAt, routes, searchParamsOf, type Href } from './routes.ts';

describe('href', () => {
  it('writes the paths of spec §2 with their search params', () => {
    expect(href('home')).toBe('/');
    expect(href('classDetails', { id: 7 })).toBe('/details?id=7');
    expect(href('orderDetails', { id: 3 })).toBe('/personal/orderDetails?id=3');
    expect(href('orderPayment', { orderId: 12 })).toBe('/collectMoney?orderId=12');
    expect(href('refundDetails', { id: 4, activity: true })).toBe('/personal/refundDetails?id=4&activity=1');
    expect(href('paymentResult', { orderId: 5, status: 'success' })).toBe('/paymentResult?orderId=5&status=success');
  });

  it("writes the search page's filters in the order given (spec §2's links), or in the table's, leaving defaults and blanks out", () => {
    expect(href('search', { specialty: 2, center: 1 })).toBe('/searchHome?specialty=2&center=1');
    expect(searchParamsOf('search', { specialty: 2, center: 1, available: true }).toString()).toBe('center=1&specialty=2&available=true');
    expect(href('search', { name: '  ', page: 1 })).toBe('/searchHome');
    expect(href('search', { name: '美术 基础' })).toBe(`/searchHome?${new URLSearchParams({ name: '美术 基础' })}`);
    expect(searchParamsOf('search', { fee_min: 1050 as never }).toString()).toBe('fee_min=10.5');
  });

  it('refuses a wrong or missing param at compile time', () => {
    // Never called: what matters is that each line fails to compile.
    const wrong = (): Href[] => [
      // @ts-expect-error the class's id is required
      href('classDetails'),
      // @ts-expect-error the class's id is a number
      href('classDetails', { id: '7' }),
      // @ts-expect-error the order page's param is orderId, not id
      href('orderPayment', { id: 7 }),
      // @ts-expect-error a page without params takes none
      href('home', { id: 1 }),
      // @ts-expect-error the search page has no filter `category`
      href('search', { category: 1 }),
      // @ts-expect-error a payment result's status is 'success' or none
      href('paymentResult', { orderId: 1, status: 'failed' }),
      // @ts-expect-error no such page
      href('collectMoney'),
    ];
    expect(wrong).toBeTypeOf('function');
    // @ts-expect-error a link's address comes from href, not a string
    const literal: Href = '/details?id=7';
    expect(literal).toBe('/details?id=7');
  });
});

describe('readSearch', () => {
  const read = (query: string) => new URLSearchParams(query);

  it('reads what href wrote, so a page and its links cannot disagree', () => {
    const search = { name: '美术', center: 1, specialty: 2, age: 6, weekday: 3, fee_min: 1050, fee_max: 20000, available: true, page: 3 } as const;
    expect(readSearch('search', read(href('search', search as never).split('?')[1]!))).toEqual(search);
    expect(readSearch('refundDetails', read('id=4&activity=1'))).toEqual({ id: 4, activity: true });
  });

  it('leaves out what its param does not take', () => {
    expect(readSearch('orderDetails', read('id=abc'))).toEqual({});
    expect(readSearch('orderDetails', read('id=0'))).toEqual({});
    expect(readSearch('orderDetails', read('id=-3'))).toEqual({});
    expect(readSearch('search', read('page=1&fee_min=1.234&available=false&age=x&name=%20'))).toEqual({});
    expect(readSearch('refundDetails', read('id=4&activity=true'))).toEqual({ id: 4 });
    expect(readSearch('home', read('id=4'))).toEqual({});
  });
});

describe('routeAt', () => {
  it('names the page of an address', () => {
    expect(routeAt('/')).toBe('home');
    expect(routeAt('/personal/myOrder/')).toBe('orders');
    expect(routeAt('/personal')).toBe('personal');
    expect(routeAt('/nope')).toBeUndefined();
  });

  it('has one page per path', () => {
    const paths = Object.values(routes).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
