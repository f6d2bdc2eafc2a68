"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Emitter = void 0;
/**
 * A tiny synchronous emitter for the pure model (it cannot use `vscode.EventEmitter`). Domain events only:
 * adapters batch. A listener that throws does not stop the others nor the mutation that fired the event; its
 * error is rethrown on a microtask so it is reported, not swallowed.
 */
class Emitter {
    listeners = [];
    disposed = false;
    event = (listener) => {
        if (this.disposed)
            return { dispose: () => undefined };
        this.listeners.push(listener);
        return {
            dispose: () => {
                this.listeners = this.listeners.filter((l) => l !== listener);
            },
        };
    };
    fire(e) {
        for (const l of this.listeners) {
            try {
                l(e);
            }
            catch (err) {
                queueMicrotask(() => {
                    throw err;
                });
            }
        }
    }
    dispose() {
        this.disposed = true;
        this.listeners = [];
    }
}
exports.Emitter = Emitter;
//# sourceMappingURL=eventEmitter.js.map