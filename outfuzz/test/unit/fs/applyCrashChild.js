"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * Child process for applyCrash.test.ts: opens the overlay in argv[2], prints "applying", then applies everything.
 * The parent kills it with SIGKILL at some point of the apply.
 */
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
async function main() {
    const overlay = await overlayWorkspace_1.OverlayWorkspace.open(process.argv[2]);
    process.stdout.write('applying\n');
    await overlay.apply();
    process.stdout.write('applied\n');
    await overlay.close();
}
void main();
//# sourceMappingURL=applyCrashChild.js.map