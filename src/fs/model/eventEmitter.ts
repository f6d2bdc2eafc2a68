export interface Disposable {
  dispose(): void;
}

/** Subscribe to an event; dispose the result to unsubscribe. Same shape as `vscode.Event`. */
export type Event<T> = (listener: (e: T) => void) => Disposable;

/**
 * A tiny synchronous emitter for the pure model (it cannot use `vscode.EventEmitter`). Domain events only:
 * adapters batch. A listener that throws does not stop the others nor the mutation that fired the event; its
 * error is rethrown on a microtask so it is reported, not swallowed.
 */
export class Emitter<T> implements Disposable {
  private listeners: ((e: T) => void)[] = [];
  private disposed = false;

  readonly event: Event<T> = (listener) => {
    if (this.disposed) return { dispose: () => undefined };
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  fire(e: T): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners = [];
  }
}
