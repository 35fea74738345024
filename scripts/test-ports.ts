/** What the scripts' tests that start servers of their own share. */
import net from 'node:net';

/** A port nothing listens on now (the system's choice), for a server a test starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until `output()` has stopped growing for 300 ms (a server's lines about a request it answered). */
export async function untilQuiet(output: () => string): Promise<void> {
  let seen = -1;
  while (seen !== output().length) {
    seen = output().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
