"use strict";
/**
 * The context collector of seed 004: a Map of everything the newest user message carries in its ghost block
 * (`<content_reference>`), deduplicated by key — the same file, the same rules file, or the same tool with the
 * same arguments replaces the earlier entry (and moves to the end: the most recent reference is last).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ContextCollector = exports.GHOST_CLOSE = exports.GHOST_OPEN = void 0;
exports.renderGhostBlock = renderGhostBlock;
exports.findGhostBlock = findGhostBlock;
exports.GHOST_OPEN = '<content_reference>';
exports.GHOST_CLOSE = '</content_reference>';
class ContextCollector {
    items = new Map();
    /** Adds an item under `key`, replacing (and moving to the end) an earlier item with the same key. */
    set(key, item) {
        this.items.delete(key);
        this.items.set(key, item);
    }
    has(key) {
        return this.items.has(key);
    }
    get size() {
        return this.items.size;
    }
    toGhostBlock() {
        const block = { rules: [], files: {}, tools: [] };
        for (const item of this.items.values()) {
            switch (item.kind) {
                case 'rule':
                    block.rules.push({ path: item.path, content: item.content });
                    break;
                case 'file':
                    delete block.files[item.path];
                    block.files[item.path] = item.content;
                    break;
                case 'tool':
                    block.tools.push({ name: item.name, args: item.args, result: item.result });
                    break;
            }
        }
        return block;
    }
}
exports.ContextCollector = ContextCollector;
/** The ghost block as appended to the newest user message. */
function renderGhostBlock(block) {
    return `${exports.GHOST_OPEN}\n${JSON.stringify(block, null, 2)}\n${exports.GHOST_CLOSE}`;
}
/** The ghost block inside a message text, parsed; undefined when there is none (tests and diagnostics). */
function findGhostBlock(text) {
    const start = text.lastIndexOf(exports.GHOST_OPEN);
    const end = text.lastIndexOf(exports.GHOST_CLOSE);
    if (start < 0 || end < start)
        return undefined;
    return JSON.parse(text.slice(start + exports.GHOST_OPEN.length, end));
}
//# sourceMappingURL=contextCollector.js.map