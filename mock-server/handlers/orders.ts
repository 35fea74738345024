import { defineHandlers } from './define.ts';

export const orderHandlers = defineHandlers({});
