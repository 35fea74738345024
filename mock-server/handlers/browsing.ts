import { defineHandlers } from './define.ts';

export const browsingHandlers = defineHandlers({});
