/** A step of scripts/test-all.mjs's plan, as run-plan.mjs reads it. */
export interface PlanStep {
  name: string;
  /** Starts before the group before it ends: once `after` has passed and at most `leftRunning` of its steps still run. */
  overlap?: { after: string; leftRunning: number };
}

export function runPlan<S extends PlanStep>(plan: (S | S[])[], runStep: (step: S) => Promise<number>): Promise<number>;
