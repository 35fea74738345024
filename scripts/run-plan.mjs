// How scripts/test-all.mjs runs its plan: each entry after the one before, the steps of an array
// side by side; an entry with `overlap` starts before the group before it has ended (decision 077).

/** Runs a group's steps side by side; `finished` and `changed` let the next entry start before the group ends. */
function startGroup(steps, runStep) {
  const group = { finished: new Set(), changed: () => {}, codes: [], size: steps.length };
  group.all = Promise.all(
    steps.map((step) =>
      runStep(step).then((code) => {
        group.finished.add(step.name);
        group.codes.push(code);
        group.changed();
        return code;
      }),
    ),
  ).then(() => group.codes.find((code) => code !== 0) ?? 0);
  return group;
}

/** Once the step named `after` has passed and at most `leftRunning` steps of the group still run, or one has failed. */
function overlapPoint(group, { after, leftRunning }) {
  return new Promise((resolve) => {
    const check = () => {
      const failed = group.codes.some((code) => code !== 0);
      if (failed || (group.finished.has(after) && group.size - group.finished.size <= leftRunning)) resolve();
    };
    group.changed = check;
    check();
  });
}

/**
 * Runs `plan` with `runStep(step) → exit code` and answers the first failing code, or 0. An entry
 * that fails stops what has not started; an entry already started beside it runs to its end.
 */
export async function runPlan(plan, runStep) {
  let exitCode = 0;
  // The group still running: the next entry waits for it, or only for its overlap point.
  let previous = null;
  for (const entry of plan) {
    const steps = Array.isArray(entry) ? entry : [entry];
    const overlap = steps.length === 1 ? steps[0].overlap : undefined;
    if (previous && overlap) await overlapPoint(previous, overlap);
    if (previous && (!overlap || previous.codes.some((code) => code !== 0))) {
      exitCode = await previous.all;
      previous = null;
      if (exitCode !== 0) return exitCode;
    }
    const group = startGroup(steps, runStep);
    if (previous) {
      // Overlapping: both end before anything after them starts.
      const [before, now] = await Promise.all([previous.all, group.all]);
      previous = null;
      exitCode = before || now;
      if (exitCode !== 0) return exitCode;
    } else previous = group;
  }
  return previous ? previous.all : exitCode;
}
