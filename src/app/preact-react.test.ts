import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (see the module), used by the builds through an alias
import react, { startTransition, useState } from './preact-react.js';

describe("the builds' react (preact/compat with React's transitions)", () => {
  it('runs a transition after the task that asked for it, as React lets the browser paint first', async () => {
    const order: string[] = [];
    startTransition(() => order.push('transition'));
    order.push('rest of the task');
    expect(order).toEqual(['rest of the task']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['rest of the task', 'transition']);
  });

  it("is compat otherwise, as a namespace and as React's default export", () => {
    expect(typeof useState).toBe('function');
    expect(react.startTransition).toBe(startTransition);
    expect(typeof react.createElement).toBe('function');
    expect(typeof react.useSyncExternalStore).toBe('function');
  });
});
