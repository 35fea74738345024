/** What the standalone panel's tabs get: the world they work in, and a way to act with a notice. */
export interface Notice {
  text: string;
  tone: 'ok' | 'error';
}

export interface PanelTabProps {
  world: string;
  /** Runs an action and shows the notice it answers (or its error). */
  act: (run: () => Promise<Notice>) => Promise<void>;
  /** Moves the panel to another world. */
  enter: (world: string) => void;
}
