import * as assert from 'assert';
import { validateInput, type ObjectSchema } from '../../../src/tools/jsonSchema';

const schema: ObjectSchema = {
  type: 'object',
  properties: { path: { type: 'string' } },
  required: ['path'],
  additionalProperties: false,
};

describe('validateInput: additionalProperties:false looks keys up as own properties', () => {
  for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`refuses the unknown field "${key}" (found on every object's prototype)`, () => {
      // JSON.parse makes `__proto__` an own property, as an MCP message would.
      const input = JSON.parse(`{"path":"a.txt",${JSON.stringify(key)}:{"type":"string"}}`) as unknown;
      assert.throws(() => validateInput(schema, input), new RegExp(`input\\.${key} is not a known field`));
    });
  }

  it('a required field is not satisfied by a prototype property', () => {
    const s: ObjectSchema = { type: 'object', properties: { toString: { type: 'string' as const } }, required: ['toString'], additionalProperties: false };
    assert.throws(() => validateInput(s, {}), /input\.toString is required/);
  });

  it('known fields still pass', () => {
    assert.deepStrictEqual(validateInput(schema, { path: 'a.txt' }), { path: 'a.txt' });
  });
});
