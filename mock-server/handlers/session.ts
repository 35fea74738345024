import { defineHandlers } from './define.ts';

export const sessionHandlers = defineHandlers({});
