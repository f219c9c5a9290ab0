import { createServer } from 'node:net'

// Ports this process has handed out: the OS may offer a released port again at once, and two servers started
// side by side (a race cluster) would then both be told the same one.
const handedOut = new Set<number>()

function pickPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/** A free TCP port on 127.0.0.1 (the OS picks one; it is released before returning), never one given before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await pickPort()
    if (handedOut.has(port)) continue
    handedOut.add(port)
    return port
  }
}
