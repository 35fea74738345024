import { defineHandlers } from './define.ts';

export const afterSaleHandlers = defineHandlers({});
