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
exports.FakeWorkspace = exports.NotFound = exports.ROOT = void 0;
exports.fixturesDir = fixturesDir;
exports.loadConversation = loadConversation;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const chatNotebookFormat_1 = require("../../../src/notebook/chatNotebookFormat");
const turnTranscript_1 = require("../../../src/notebook/turnTranscript");
/** test/fixtures/notebook, whether the tests run from out/ or from another --outDir. */
function fixturesDir() {
    const found = [path.resolve(__dirname, '../../../../test/fixtures/notebook'), path.resolve(process.cwd(), 'test/fixtures/notebook')].find(d => fs.existsSync(d));
    if (!found)
        throw new Error(`test/fixtures/notebook not found from ${__dirname} or ${process.cwd()}`);
    return found;
}
exports.ROOT = { name: 'ws', path: '/ws', uri: 'file:///ws' };
/** A conversation fixture as the builder sees it (the notebook file lives at /ws/chats/<name>). */
function loadConversation(name) {
    let n = 0;
    const file = (0, chatNotebookFormat_1.parseChatNotebook)(fs.readFileSync(path.join(fixturesDir(), 'conversations', name), 'utf8'), () => `generated-${++n}`);
    return {
        uri: `file:///ws/chats/${name}`,
        dir: '/ws/chats',
        metadata: file.metadata,
        cells: file.cells.map(c => ({
            id: c.id,
            role: c.kind === 'prompt' ? 'user' : 'note',
            text: c.source,
            answer: (0, turnTranscript_1.answerOfOutputs)((c.outputs ?? []).map(o => ({ metadata: o.metadata, items: o.items.map(i => ({ mime: i.mime, text: i.data })) }))),
        })),
    };
}
class NotFound extends Error {
    code = 'FileNotFound';
}
exports.NotFound = NotFound;
/**
 * The fake workspace behind the builder's ports: the disk of workspace.json plus staged content that wins over
 * it (what the overlay does). Records every read; tool runs are answered from `toolAnswers` or fail loudly.
 */
class FakeWorkspace {
    roots;
    disk = new Map();
    staged = new Map();
    reads = [];
    toolRuns = [];
    rules = ['/ws/.agent/rules/api.md', '/ws/.agent/rules/style.md'];
    symlinks = new Map();
    constructor(roots = [exports.ROOT]) {
        this.roots = roots;
        const json = JSON.parse(fs.readFileSync(path.join(fixturesDir(), 'conversations', 'workspace.json'), 'utf8'));
        for (const [p, v] of Object.entries(json)) {
            if (p === '//')
                continue;
            this.disk.set(p, v.startsWith('base64:') ? Uint8Array.from(Buffer.from(v.slice(7), 'base64')) : new TextEncoder().encode(v));
        }
    }
    stage(p, text) {
        this.staged.set(p, text === null ? null : new TextEncoder().encode(text));
    }
    read(p) {
        this.reads.push(p);
        if (this.staged.has(p)) {
            const s = this.staged.get(p);
            if (s === null || s === undefined)
                throw new NotFound(`${p} is deleted in the overlay`);
            return s;
        }
        const d = this.disk.get(p);
        if (!d)
            throw new NotFound(`${p} does not exist`);
        return d;
    }
    ports(overrides = {}) {
        return {
            roots: this.roots,
            readFile: p => this.read(p),
            readImage: p => this.read(p),
            listRules: () => this.rules,
            runTool: async (name, args) => {
                this.toolRuns.push(`${name} ${JSON.stringify(args)}`);
                return `result of ${name}`;
            },
            realPath: async (p) => {
                for (const [link, target] of this.symlinks)
                    if (p === link || p.startsWith(`${link}/`))
                        return target + p.slice(link.length);
                return p;
            },
            ...overrides,
        };
    }
}
exports.FakeWorkspace = FakeWorkspace;
//# sourceMappingURL=notebookTestUtil.js.map