// What the benchmark and serving scripts share: reading `--name value` flags, and waiting for a
// server they started to listen.
import net from 'node:net';

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
