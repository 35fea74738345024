/**
 * The mock's clock: every time rule (sign-up windows, payment windows, sessions held, the 90-day
 * invoice limit) reads it. Frozen, it stands still until set or advanced (tests, scripted QA);
 * running, it moves with real time from where it was set (a developer watching a countdown).
 */
import { toIso } from '#fixtures/time';

export interface ClockState {
  /** Mock time in ms at the moment `anchor` (real ms) was taken. */
  base: number;
  anchor: number;
  frozen: boolean;
}

export class Clock {
  private state: ClockState;

  constructor(
    start: number,
    frozen: boolean,
    private readonly realNow: () => number = Date.now,
  ) {
    this.state = { base: start, anchor: realNow(), frozen };
  }

  now(): number {
    const { base, anchor, frozen } = this.state;
    return frozen ? base : base + (this.realNow() - anchor);
  }

  nowIso(): string {
    return toIso(this.now());
  }

  set(ms: number): void {
    this.state = { ...this.state, base: ms, anchor: this.realNow() };
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  get frozen(): boolean {
    return this.state.frozen;
  }

  freeze(frozen: boolean): void {
    this.state = { base: this.now(), anchor: this.realNow(), frozen };
  }

  toJSON(): ClockState {
    return { ...this.state };
  }

  restore(state: ClockState): void {
    this.state = { ...state };
  }
}
