/**
 * Names that mislead the reviewer (issue 24): a newline in a name splits a confirmation line ("6 files", 7 lines);
 * a right-to-left override makes `invoice\u202Etxt.sh` read as `invoicehs.txt`; NFC and NFD spellings of one name
 * look identical. The rules, with no `vscode`: control characters are refused when staging; bidi controls are
 * shown escaped wherever a name is shown to the person; twins are flagged.
 */

/** C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Characters that reorder the text around them: embeddings, overrides, isolates, marks. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Why `name` (a path, or one of its names) cannot be staged, or undefined when it can. */
export function controlCharacterProblem(name: string): string | undefined {
  const m = CONTROL.exec(name);
  if (!m) return undefined;
  return `the name ${JSON.stringify(showName(name))} holds a control character (${codePoint(m[0])}); names with control characters (newlines, tabs, escapes…) cannot be staged: pick a name without them`;
}

/** `name` as it may be shown to the person: bidi controls (and control characters) made visible as `<U+202E>`. */
export function showName(name: string): string {
  return name.replace(BIDI, c => `<${codePoint(c)}>`).replace(new RegExp(CONTROL.source, 'gu'), c => `<${codePoint(c)}>`);
}

/** True when `name` holds a character `showName` escapes. */
export function hasHiddenCharacters(name: string): boolean {
  BIDI.lastIndex = 0;
  const bidi = BIDI.test(name);
  BIDI.lastIndex = 0;
  return bidi || CONTROL.test(name);
}

/**
 * Paths that are spelled differently but read the same once Unicode-normalized (NFC): each path with the other
 * spellings it is twinned with. Two such files look identical in every list.
 */
export function normalizationTwins(paths: Iterable<string>): Map<string, string[]> {
  const byForm = new Map<string, Set<string>>();
  for (const p of paths) {
    const form = p.normalize('NFC');
    const group = byForm.get(form) ?? new Set<string>();
    group.add(p);
    byForm.set(form, group);
  }
  const out = new Map<string, string[]>();
  for (const group of byForm.values()) {
    if (group.size < 2) continue;
    for (const p of group) out.set(p, [...group].filter(q => q !== p));
  }
  return out;
}

/** How `name` is spelled, to tell twins apart where they look identical: composed (NFC), decomposed (NFD), mixed. */
export function spellingOf(name: string): string {
  const nfc = name === name.normalize('NFC');
  const nfd = name === name.normalize('NFD');
  if (nfc && nfd) return 'plain';
  if (nfc) return 'composed, NFC';
  if (nfd) return 'decomposed, NFD';
  return 'mixed spelling';
}

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
