/**
 * The subset of JSON Schema our tool inputs use, and a validator for it. Agents send garbage, so every input is
 * checked against the same schema VS Code and MCP clients are shown before a tool runs; the messages name the
 * field and say what was expected, so the model can correct its call.
 */
export type JsonSchema =
  | { readonly type: 'string'; readonly description?: string; readonly maxLength?: number; readonly minLength?: number; readonly enum?: readonly string[] }
  | { readonly type: 'integer' | 'number'; readonly description?: string; readonly minimum?: number; readonly maximum?: number }
  | { readonly type: 'boolean'; readonly description?: string }
  | { readonly type: 'array'; readonly description?: string; readonly items: JsonSchema; readonly maxItems?: number }
  | ObjectSchema;

export interface ObjectSchema {
  readonly type: 'object';
  readonly description?: string;
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
}

export class ToolInputError extends Error {
  readonly code = 'InvalidInput';
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

/** Throws `ToolInputError` naming every problem found; returns the input typed as `T` otherwise. */
export function validateInput<T>(schema: ObjectSchema, input: unknown): T {
  const problems: string[] = [];
  check(schema, input, 'input', problems);
  if (problems.length) throw new ToolInputError(`Invalid input: ${problems.join('; ')}.`);
  return input as T;
}

function check(schema: JsonSchema, value: unknown, at: string, problems: string[]): void {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return void problems.push(`${at} must be a string, got ${describe(value)}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at} is ${value.length} characters long, more than the ${schema.maxLength} allowed`);
      if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at} must not be empty`);
      if (schema.enum && !schema.enum.includes(value)) problems.push(`${at} must be one of ${schema.enum.map(e => JSON.stringify(e)).join(', ')}`);
      return;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return void problems.push(`${at} must be ${schema.type === 'integer' ? 'an integer' : 'a number'}, got ${describe(value)}`);
      if (schema.type === 'integer' && !Number.isInteger(value)) problems.push(`${at} must be a whole number, got ${value}`);
      if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at} must be at least ${schema.minimum}, got ${value}`);
      if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at} must be at most ${schema.maximum}, got ${value}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${at} must be true or false, got ${describe(value)}`);
      return;
    case 'array':
      if (!Array.isArray(value)) return void problems.push(`${at} must be an array, got ${describe(value)}`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at} has ${value.length} items, more than the ${schema.maxItems} allowed`);
      value.forEach((v, i) => check(schema.items, v, `${at}[${i}]`, problems));
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return void problems.push(`${at} must be an object, got ${describe(value)}`);
      const record = value as Record<string, unknown>;
      // Own properties only: `constructor`, `toString`, `__proto__`… are found on every object's prototype.
      for (const key of schema.required ?? []) if (!Object.hasOwn(record, key) || record[key] === undefined) problems.push(`${at}.${key} is required`);
      for (const [key, v] of Object.entries(record)) {
        const sub = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
        if (!sub) {
          if (schema.additionalProperties === false) problems.push(`${at}.${key} is not a known field (known: ${Object.keys(schema.properties).join(', ') || 'none'})`);
          continue;
        }
        if (v !== undefined) check(sub, v, `${at}.${key}`, problems);
      }
      return;
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `a string` : typeof value;
}
