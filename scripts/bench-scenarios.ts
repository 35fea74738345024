// How long each named scenario takes to build (fixtures/scenarios.ts), as a world's reset or
// `?scenario=` pays it. A figure to print, not a unit test: timings belong to no test's verdict.
//   npm run bench:scenarios [-- --runs 7]
// Prints per scenario the median, min and max in ms over --runs builds (one warm-up first);
// `empty` (the catalogue alone, which every scenario starts from) is the baseline to read against.
import { scenarios } from '../fixtures/scenarios.ts';

const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 7;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');

const rows: [string, number, number, number][] = [];
for (const [name, scenario] of Object.entries(scenarios)) {
  scenario.build(7);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    scenario.build(7);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push([name, times[Math.floor(times.length / 2)]!, times[0]!, times[times.length - 1]!]);
}
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${'scenario'.padEnd(width)}  median    min    max (ms, ${runs} builds each)`);
for (const [name, median, min, max] of rows) console.log(`${name.padEnd(width)}  ${median.toFixed(1).padStart(6)} ${min.toFixed(1).padStart(6)} ${max.toFixed(1).padStart(6)}`);
