"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_MAX_VERSIONS_IN_PICKER = exports.DEFAULT_ALL_RECENT_COUNT = void 0;
exports.countSetting = countSetting;
exports.versionChoices = versionChoices;
exports.localDateTime = localDateTime;
exports.allRecentLabel = allRecentLabel;
exports.nextPickerChecks = nextPickerChecks;
exports.checkedVersions = checkedVersions;
const relativeTime_1 = require("./relativeTime");
exports.DEFAULT_ALL_RECENT_COUNT = 10;
exports.DEFAULT_MAX_VERSIONS_IN_PICKER = 50;
/** A positive whole number from a raw setting value, clamped; anything else is `fallback`. */
function countSetting(value, fallback, min, max) {
    if (typeof value !== 'number' || !Number.isFinite(value))
        return fallback;
    return Math.min(max, Math.max(min, Math.floor(value)));
}
/** Newest first, at most `max` (the readers already sort; this keeps the contract when they are merged). */
function versionChoices(fileName, versions, now, max) {
    return [...versions]
        .sort((a, b) => b.timestamp - a.timestamp)
        .slice(0, Math.max(0, max))
        .map((version) => ({
        version,
        label: `${fileName} (${(0, relativeTime_1.formatRelativeTime)(version.timestamp, now)})`,
        description: version.label,
        detail: localDateTime(version.timestamp),
    }));
}
/** `2025-05-01 14:32:05` in the machine's time zone (what the user's clock said when they saved). */
function localDateTime(ms) {
    const d = new Date(ms);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
/** The label of the multi-select picker's shortcut item. */
function allRecentLabel(count) {
    return `All recent (up to ${count})`;
}
/**
 * The picker's checks after the user changed them from `before` to `after`. "All recent (up to N)" is only a
 * shortcut: checking it checks the N newest versions, unchecking it unchecks them, and it stays checked only while
 * all N are checked (uncheck one of them and it unchecks itself). So what the list shows checked is always what
 * will be shared: `checkedVersions` of the accepted state, nothing added.
 */
function nextPickerChecks(before, after, choiceCount, allRecentCount) {
    const recent = Math.min(Math.max(0, allRecentCount), choiceCount);
    const versions = new Set(after.versions.filter((i) => Number.isInteger(i) && i >= 0 && i < choiceCount));
    if (after.allRecent && !before.allRecent) {
        for (let i = 0; i < recent; i++)
            versions.add(i);
    }
    else if (!after.allRecent && before.allRecent && sameSet(before.versions, versions)) {
        for (let i = 0; i < recent; i++)
            versions.delete(i);
    }
    let allRecent = recent > 0;
    for (let i = 0; i < recent; i++)
        if (!versions.has(i))
            allRecent = false;
    return { allRecent, versions: [...versions].sort((a, b) => a - b) };
}
function sameSet(a, b) {
    return a.length === b.size && a.every((i) => b.has(i));
}
/** The versions the checked rows stand for, newest first, each once. Indexes out of range are ignored. */
function checkedVersions(choices, pickedIndexes) {
    const chosen = new Set();
    for (const i of pickedIndexes)
        if (Number.isInteger(i) && i >= 0 && i < choices.length)
            chosen.add(i);
    return [...chosen].sort((a, b) => a - b).map((i) => choices[i].version);
}
//# sourceMappingURL=versionChoices.js.map