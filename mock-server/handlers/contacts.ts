import { defineHandlers } from './define.ts';

export const contactHandlers = defineHandlers({});
