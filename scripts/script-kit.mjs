// What the benchmark and serving scripts share: reading `--name value` flags, waiting for a
// server they started to listen, and running tsx as the package scripts do.
import net from 'node:net';
import { join } from 'node:path';

/**
 * tsx with the projects' compiler options. The root tsconfig.json only lists the type check's
 * projects (decision 069), and tsx applies a tsconfig only to the files it includes: without
 * this, JSX run on Node (the mock's login page) compiles for a global React and fails.
 */
export const TSX = (root) => [join(root, 'node_modules/.bin/tsx'), '--tsconfig', join(root, 'tsconfig.base.json')];

/** The value after `--name` in `args`, or `fallback`. */
export function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
}

/**
 * Resolves once something listens on 127.0.0.1:port; throws after `seconds`, or as soon as
 * `child` (the process meant to listen there) has exited.
 */
export async function waitForPort(port, { what = 'a server', child = null, seconds = 60 } = {}) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode})`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not listen on ${port}`);
}
