/** Reading the flags of the mock's command lines (mock:serve, mock:record): `--flag value` or `--flag=value`. */

export interface Flag {
  /** `--port` (the part before `=`). */
  name: string;
  /** The argument as given, for a message. */
  arg: string;
  /** The flag's value (the rest after `=`, else the next argument); a refusal when there is none. */
  value(): string;
  /** The value as a non-negative integer, else a refusal. */
  integer(text?: string): number;
  /** Stops with a message and the usage. */
  fail(message: string): never;
}

/** Calls `each` for every flag of argv; a refusal is an Error whose message ends with `usage`. */
export function readFlags(argv: string[], usage: string, each: (flag: Flag) => void): void {
  const fail = (message: string): never => {
    throw new Error(`${message}\n\n${usage}`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? fail(`${name} 需要一个值`);
    const integer = (text = value()) => (/^\d+$/.test(text) ? Number(text) : fail(`${name} 应为非负整数，收到 ${text}`));
    each({ name, arg, value, integer, fail });
  }
}
