"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ToolInputError = void 0;
exports.validateInput = validateInput;
class ToolInputError extends Error {
    code = 'InvalidInput';
    constructor(message) {
        super(message);
        this.name = 'ToolInputError';
    }
}
exports.ToolInputError = ToolInputError;
/** Throws `ToolInputError` naming every problem found; returns the input typed as `T` otherwise. */
function validateInput(schema, input) {
    const problems = [];
    check(schema, input, 'input', problems);
    if (problems.length)
        throw new ToolInputError(`Invalid input: ${problems.join('; ')}.`);
    return input;
}
function check(schema, value, at, problems) {
    switch (schema.type) {
        case 'string':
            if (typeof value !== 'string')
                return void problems.push(`${at} must be a string, got ${describe(value)}`);
            if (schema.maxLength !== undefined && value.length > schema.maxLength)
                problems.push(`${at} is ${value.length} characters long, more than the ${schema.maxLength} allowed`);
            if (schema.minLength !== undefined && value.length < schema.minLength)
                problems.push(`${at} must not be empty`);
            if (schema.enum && !schema.enum.includes(value))
                problems.push(`${at} must be one of ${schema.enum.map(e => JSON.stringify(e)).join(', ')}`);
            return;
        case 'integer':
        case 'number':
            if (typeof value !== 'number' || !Number.isFinite(value))
                return void problems.push(`${at} must be ${schema.type === 'integer' ? 'an integer' : 'a number'}, got ${describe(value)}`);
            if (schema.type === 'integer' && !Number.isInteger(value))
                problems.push(`${at} must be a whole number, got ${value}`);
            if (schema.minimum !== undefined && value < schema.minimum)
                problems.push(`${at} must be at least ${schema.minimum}, got ${value}`);
            if (schema.maximum !== undefined && value > schema.maximum)
                problems.push(`${at} must be at most ${schema.maximum}, got ${value}`);
            return;
        case 'boolean':
            if (typeof value !== 'boolean')
                problems.push(`${at} must be true or false, got ${describe(value)}`);
            return;
        case 'object': {
            if (typeof value !== 'object' || value === null || Array.isArray(value))
                return void problems.push(`${at} must be an object, got ${describe(value)}`);
            const record = value;
            for (const key of schema.required ?? [])
                if (record[key] === undefined)
                    problems.push(`${at}.${key} is required`);
            for (const [key, v] of Object.entries(record)) {
                const sub = schema.properties[key];
                if (!sub) {
                    if (schema.additionalProperties === false)
                        problems.push(`${at}.${key} is not a known field (known: ${Object.keys(schema.properties).join(', ') || 'none'})`);
                    continue;
                }
                if (v !== undefined)
                    check(sub, v, `${at}.${key}`, problems);
            }
            return;
        }
    }
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return typeof value === 'string' ? `a string` : typeof value;
}
//# sourceMappingURL=jsonSchema.js.map