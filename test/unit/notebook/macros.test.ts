import * as assert from 'assert';
import { MacroContext, extractMacroDefinitions, extractMacroDirectives } from '../../../src/notebook/macros';

describe('notebook macros', () => {
  describe('extractMacroDefinitions', () => {
    it('reads #define NAME value lines, value = rest of the line', () => {
      const m = extractMacroDefinitions('#define API_ENDPOINT https://api.example.com\n  #define MAX_RETRIES 5\ntext #define NOT_AT_START 1\n#define EMPTY\n');
      assert.deepStrictEqual([...m], [['API_ENDPOINT', 'https://api.example.com'], ['MAX_RETRIES', '5'], ['EMPTY', '']]);
    });

    it('lets a later definition of the same name win', () => {
      assert.strictEqual(extractMacroDefinitions('#define A 1\n#define A two words\n').get('A'), 'two words');
    });

    it('ignores definitions inside fenced code blocks and invalid names', () => {
      const m = extractMacroDefinitions('```c\n#define IN_CODE 1\n```\n#define 9BAD x\n~~~\n#define ALSO_CODE 2\n~~~\n#define OK yes\r\n');
      assert.deepStrictEqual([...m], [['OK', 'yes']]);
    });
  });

  describe('MacroContext', () => {
    it('substitutes {{NAME}} (spaces allowed) and leaves unknown names as written', () => {
      const ctx = new MacroContext();
      ctx.define('V', 'v2');
      assert.strictEqual(ctx.substitute('use {{V}} and {{ V }}, not {{W}} or {V}'), 'use v2 and v2, not {{W}} or {V}');
    });

    it('substitutes in one pass: a value is not expanded again', () => {
      const ctx = new MacroContext();
      ctx.define('A', '{{B}}');
      ctx.define('B', 'b');
      assert.strictEqual(ctx.substitute('{{A}}'), '{{B}}');
    });

    it('loads persisted macros with setMacros, then define overrides', () => {
      const ctx = new MacroContext();
      ctx.setMacros({ API_VERSION: 'v1', TIMEOUT: '10' });
      ctx.define('API_VERSION', 'v2');
      assert.deepStrictEqual(ctx.getMacrosObject(), { API_VERSION: 'v2', TIMEOUT: '10' });
    });

    it('setMacros replaces everything and skips entries that are not NAME → text', () => {
      const ctx = new MacroContext();
      ctx.define('OLD', 'x');
      const skipped = ctx.setMacros({ GOOD: 'g', 'bad name': 'x', NUM: 5 });
      assert.deepStrictEqual(ctx.getMacrosObject(), { GOOD: 'g' });
      assert.deepStrictEqual(skipped, ['bad name', 'NUM']);
      assert.deepStrictEqual(new MacroContext().setMacros(['a']), ['macroContext (not an object)']);
      assert.deepStrictEqual(new MacroContext().setMacros(undefined), []);
    });

    it('refuses an invalid name in define', () => {
      assert.throws(() => new MacroContext().define('1X', 'v'), /not a valid macro name/);
    });
  });
});

describe('notebook macros: #undef and substitution everywhere', () => {
  it('reads #define and #undef in order; #undef forgets a macro', () => {
    const m = new MacroContext();
    m.apply(extractMacroDirectives('#define A 1\n#define B 2\n#undef A\n```\n#undef B\n```'));
    assert.deepStrictEqual(m.getMacrosObject(), { B: '2' });
    assert.deepStrictEqual(extractMacroDefinitions('#define A 1\n#undef A'), new Map());
  });

  it('substitutes inside every string of tool arguments, keys untouched', () => {
    const m = new MacroContext();
    m.define('DIR', 'src');
    assert.deepStrictEqual(m.substituteDeep({ path: '{{DIR}}/a.ts', '{{DIR}}': ['{{DIR}}', 3, { deep: '{{ DIR }}' }] }), { path: 'src/a.ts', '{{DIR}}': ['src', 3, { deep: 'src' }] });
  });
});
