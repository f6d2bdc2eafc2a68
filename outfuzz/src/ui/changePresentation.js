"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OPERATION_LABEL = exports.LETTER = void 0;
exports.stagedColor = stagedColor;
exports.diffTitle = diffTitle;
/** The letters the SCM view and the Explorer badge show, as git does. */
exports.LETTER = { create: 'A', modify: 'M', delete: 'D', rename: 'R' };
exports.OPERATION_LABEL = { create: 'Added', modify: 'Modified', delete: 'Deleted', rename: 'Renamed' };
/** Theme colours shared with git's decorations, so the meaning carries over. */
function stagedColor(kind) {
    switch (kind) {
        case 'create': return 'gitDecoration.addedResourceForeground';
        case 'delete': return 'gitDecoration.deletedResourceForeground';
        case 'rename': return 'gitDecoration.renamedResourceForeground';
        case 'modify': return 'gitDecoration.modifiedResourceForeground';
    }
}
/** "a.ts (Disk ↔ Staged)", naming both sides as the diff editor's title. */
function diffTitle(c, base) {
    switch (c.kind) {
        case 'create': return `${base(c.path)} (Added ↔ Staged)`;
        case 'delete': return `${base(c.path)} (Disk ↔ Deleted)`;
        case 'rename': return `${base(c.fromPath ?? c.path)} → ${base(c.path)} (Disk ↔ Staged)`;
        case 'modify': return `${base(c.path)} (Disk ↔ Staged)`;
    }
}
//# sourceMappingURL=changePresentation.js.map