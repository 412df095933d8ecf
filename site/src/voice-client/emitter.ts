type Listener<Args extends unknown[]> = (...args: Args) => void;
type AnyListener = (...args: unknown[]) => void;

/**
 * A small typed event emitter: the library runs in browsers and bundlers alike, so it carries no
 * Node `events` dependency. A listener that throws is logged and does not stop the others.
 */
export class TypedEmitter<Events extends { [K in keyof Events]: unknown[] }> {
  private readonly listeners = new Map<keyof Events, Set<AnyListener>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as unknown as AnyListener);
    return this;
  }

  once<K extends keyof Events>(event: K, listener: Listener<Events[K]>): this {
    const wrapper: Listener<Events[K]> = (...args) => {
      this.off(event, wrapper);
      listener(...args);
    };
    return this.on(event, wrapper);
  }

  off<K extends keyof Events>(event: K, listener: Listener<Events[K]>): this {
    const set = this.listeners.get(event);
    if (set) set.delete(listener as unknown as AnyListener);
    return this;
  }

  removeAllListeners(event?: keyof Events): this {
    if (event === undefined) this.listeners.clear();
    else this.listeners.delete(event);
    return this;
  }

  protected emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of Array.from(set)) {
      try {
        (listener as unknown as Listener<Events[K]>)(...args);
      } catch (error) {
        console.error(`[voice-client] a "${String(event)}" listener threw`, error);
      }
    }
  }
}
