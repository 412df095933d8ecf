// A WebSocket for the scripts that drive the live relay (benches, load, chaos) through Node's
// WebSocket (undici), which can send the headers the sandbox emulators check.

type LiveMessage = Record<string, unknown>;

export interface Opened {
  readonly socket: WebSocket;
  readonly closed: Promise<number>;
  /** The next text message in order, queued ones first. */
  next(): Promise<string>;
  /** The first message from now on that `predicate` accepts, parsed; it is not queued for `next`. */
  when(predicate: (message: LiveMessage) => boolean): Promise<LiveMessage>;
}

export function open(url: string, headers: Record<string, string> = {}, protocols: string[] = []): Promise<Opened> {
  // undici accepts a non-standard `headers` option; the DOM typings do not know it.
  const socket = new WebSocket(url, { headers, protocols } as unknown as string[]);
  socket.binaryType = "arraybuffer";
  const inbox: string[] = [];
  const waiting: Array<(message: string) => void> = [];
  const watching: { predicate: (message: LiveMessage) => boolean; resolve: (message: LiveMessage) => void }[] = [];
  socket.addEventListener("message", (event) => {
    const raw = String(event.data);
    if (watching.length) {
      const message = JSON.parse(raw) as LiveMessage;
      const watcher = watching.find((each) => each.predicate(message));
      if (watcher) {
        watching.splice(watching.indexOf(watcher), 1);
        watcher.resolve(message);
        return;
      }
    }
    const waiter = waiting.shift();
    if (waiter) waiter(raw);
    else inbox.push(raw);
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  return new Promise((resolve, reject) => {
    socket.addEventListener("open", () =>
      resolve({
        socket,
        closed,
        next: () => {
          const queued = inbox.shift();
          return queued !== undefined ? Promise.resolve(queued) : new Promise((done) => waiting.push(done));
        },
        when: (predicate) => new Promise((done) => watching.push({ predicate, resolve: done })),
      }),
    );
    socket.addEventListener("error", () => reject(new Error(`could not open ${url}`)));
  });
}
