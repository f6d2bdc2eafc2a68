"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.NodeDisk = void 0;
exports.foldersAbove = foldersAbove;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const workspaceScope_1 = require("./workspaceScope");
/** Folders whose case sensitivity is remembered at once (a few hundred bytes each). */
const FOLDERS_REMEMBERED = 10_000;
const ABSENT = new Set(['ENOENT', 'ENOTDIR']);
function isAbsent(e) {
    return ABSENT.has(e?.code ?? '');
}
/**
 * The real disk, through Node's fs: reads for the model (synchronous, like the model), and the atomic writes
 * Apply performs. Paths are absolute. Read errors other than "no such file" propagate: an unreadable file must
 * never look empty or absent (an Apply over it would lose it).
 *
 * Names are exact. On a case-insensitive disk (macOS, Windows) the OS finds `README.md` when the folder holds
 * `readme.md`; here it does not: `read`, `stat` and `identity` answer for a path only when every name in it is
 * spelled as on disk, and `caseTwin` says which differently-cased name the OS would reach instead. So the model
 * sees two names, and a rename that changes only letter case is a rename like any other.
 */
class NodeDisk {
    /** Case sensitivity by device: one probe per volume. */
    foldsByDevice = new Map();
    /** …and by folder, so a read costs no extra system call once its folder is known. */
    foldsByFolder = new Map();
    read = (p) => {
        try {
            const bytes = fs.readFileSync(this.osPath(p));
            return this.isExact(p) ? bytes : undefined;
        }
        catch (e) {
            if (isAbsent(e) || e.code === 'EISDIR')
                return undefined;
            throw e;
        }
    };
    /**
     * True when the disk holding `p` (or its nearest existing folder) ignores letter case. Probed once per volume by
     * looking up an existing name with its letters' case swapped: the same file answering means case is ignored.
     */
    foldsCase(p) {
        const folder = path.dirname(p);
        const known = this.foldsByFolder.get(folder);
        if (known !== undefined)
            return known;
        let probe = p;
        while (!fs.existsSync(this.osPath(probe)) && path.dirname(probe) !== probe)
            probe = path.dirname(probe);
        const dev = fs.statSync(this.osPath(probe)).dev;
        let folds = this.foldsByDevice.get(dev);
        if (folds === undefined) {
            folds = this.probeFolding(probe);
            this.foldsByDevice.set(dev, folds);
        }
        if (this.foldsByFolder.size >= FOLDERS_REMEMBERED)
            this.foldsByFolder.clear();
        if (probe === p || probe === folder)
            this.foldsByFolder.set(folder, folds);
        return folds;
    }
    /**
     * On a case-insensitive disk, the path the OS would reach for `p` when it is spelled differently there (e.g.
     * `/w/readme.md` for `/w/README.md`); undefined when `p` is spelled as on disk, or reaches nothing.
     */
    caseTwin(p) {
        if (!fs.existsSync(this.osPath(p)) || !this.foldsCase(p))
            return undefined;
        const actual = this.spelledOnDisk(p);
        return actual === p ? undefined : actual;
    }
    /** How the OS resolves a path's names: the path itself on a real disk (the OS does the folding). */
    osPath(p) {
        return p;
    }
    probeFolding(existing) {
        for (let q = existing; path.dirname(q) !== q; q = path.dirname(q)) {
            const name = path.basename(q);
            const swapped = swapCase(name);
            if (swapped === name)
                continue;
            const twin = path.join(path.dirname(q), swapped);
            const a = fs.statSync(this.osPath(q));
            const b = fs.statSync(this.osPath(twin), { throwIfNoEntry: false });
            return b !== undefined && a.dev === b.dev && a.ino === b.ino;
        }
        return false;
    }
    /** True when `p` is spelled as on disk (always, on a case-sensitive disk). Only asked of an existing path. */
    isExact(p) {
        return !this.foldsCase(p) || this.spelledOnDisk(p) === p;
    }
    /** `p` with every name as the disk spells it (each folder's listing says). */
    spelledOnDisk(p) {
        const parent = path.dirname(p);
        if (parent === p)
            return p;
        const dir = this.spelledOnDisk(parent);
        const name = path.basename(p);
        let names;
        try {
            names = fs.readdirSync(this.osPath(dir));
        }
        catch {
            return path.join(dir, name);
        }
        if (names.includes(name))
            return path.join(dir, name);
        const folded = name.toLowerCase();
        return path.join(dir, names.find(n => n.toLowerCase() === folded) ?? name);
    }
    identity(p) {
        const s = this.stat(p);
        return s?.type === 'file' ? s.identity : undefined;
    }
    stat(p) {
        let s;
        try {
            s = fs.statSync(this.osPath(p), { throwIfNoEntry: false });
        }
        catch (e) {
            if (isAbsent(e))
                return undefined;
            throw e;
        }
        if (!s || !this.isExact(p))
            return undefined;
        return {
            type: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other',
            size: s.size,
            mtime: s.mtimeMs,
            ctime: s.ctimeMs,
            identity: { dev: s.dev, ino: s.ino },
        };
    }
    /** Directory entries; undefined when `dir` is not a directory on disk. */
    readDirectory(dir) {
        let entries;
        try {
            if (!this.isExact(dir))
                return undefined;
            entries = fs.readdirSync(this.osPath(dir), { withFileTypes: true });
        }
        catch (e) {
            if (isAbsent(e))
                return undefined;
            throw e;
        }
        return entries.map(d => [d.name, d.isFile() ? 'file' : d.isDirectory() ? 'directory' : 'other']);
    }
    /** Where Apply stages the new content of `target` (beside it: a rename within one directory is atomic). */
    tempPathFor(target, tag) {
        return path.join(path.dirname(target), `.${path.basename(target)}.${tag}.agent-overlay.tmp`);
    }
    /**
     * Where a write to `target` lands: through a symlink to the file it points at (renaming a temp over the link
     * would turn it into a plain file), else `target` itself (also for a dangling link, which is replaced).
     */
    writeTargetOf(target) {
        try {
            return fs.lstatSync(this.osPath(target)).isSymbolicLink() ? fs.realpathSync(this.osPath(target)) : target;
        }
        catch {
            return target;
        }
    }
    /** Permission bits of `p` (e.g. 0o755); undefined when there is no file. */
    modeOf(p) {
        const mode = fs.statSync(this.osPath(p), { throwIfNoEntry: false })?.mode;
        return mode === undefined ? undefined : mode & 0o7777;
    }
    /**
     * Writes `bytes` to a temp file, with `mode` when given (an executable script stays executable), fsynced.
     * Nothing at the target changes yet. The folder is created if needed.
     */
    async writeTemp(temp, bytes, mode) {
        await fs.promises.mkdir(this.osPath(path.dirname(temp)), { recursive: true });
        const handle = await fs.promises.open(this.osPath(temp), 'w', mode ?? 0o666);
        try {
            await handle.writeFile(bytes);
            // The umask may have cleared bits of `mode` at creation.
            if (mode !== undefined)
                await handle.chmod(mode);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
    }
    /** Gives a temp its mode again (recovery: the crash may have come between its content and its chmod). */
    async setMode(temp, mode) {
        await fs.promises.chmod(this.osPath(temp), mode);
    }
    /** The folders writing these files would create (none of them exists now), deepest first. */
    missingFolders(files) {
        const out = new Set();
        for (const file of files) {
            for (let dir = path.dirname(file); path.dirname(dir) !== dir && !out.has(dir) && this.stat(dir) === undefined; dir = path.dirname(dir)) {
                out.add(dir);
            }
        }
        return deepestFirst(out);
    }
    /** Removes `dir` if it is empty; true when it did (or was gone already). */
    removeEmptyFolder(dir) {
        try {
            fs.rmdirSync(this.osPath(dir));
            return true;
        }
        catch (e) {
            return isAbsent(e);
        }
    }
    /** Renames `temp` over `target` (atomic on one file system). The caller fsyncs the directory. */
    async commitTemp(temp, target) {
        await fs.promises.rename(this.osPath(temp), this.osPath(target));
    }
    /** Removes `target`. The caller fsyncs the directory. */
    async remove(target) {
        await fs.promises.rm(this.osPath(target), { force: true });
    }
    async discardTemp(temp) {
        await fs.promises.rm(this.osPath(temp), { force: true });
    }
}
exports.NodeDisk = NodeDisk;
/**
 * The folders holding `removedFiles` and their parents, inside `roots` and never a root itself, deepest first:
 * the folders an apply removes when it leaves them empty, as `git rm` does.
 */
function foldersAbove(removedFiles, roots) {
    const rootSet = new Set(roots.map(r => path.resolve(r)));
    const inside = (dir) => !rootSet.has(path.resolve(dir)) && (0, workspaceScope_1.pathWithinRoots)(dir, roots) !== undefined;
    const out = new Set();
    for (const file of removedFiles) {
        for (let dir = path.dirname(file); inside(dir) && !out.has(dir); dir = path.dirname(dir))
            out.add(dir);
    }
    return deepestFirst(out);
}
function swapCase(name) {
    return [...name].map(c => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}
function deepestFirst(dirs) {
    return [...dirs].sort((a, b) => b.split(path.sep).length - a.split(path.sep).length || a.localeCompare(b));
}
//# sourceMappingURL=nodeDisk.js.map