/**
 * How the docs page script reads a schema: `merged` folds `allOf` parts into one schema, `typeLabel` names its type
 * for a person (`string (email)`, `array of object`) and `constraints` lists its rules as short phrases.
 */
export const schemaWordsScript = String.raw`
  function merged(schema) {
    if (!schema || typeof schema !== 'object') return {};
    if (!Array.isArray(schema.allOf)) return schema;
    var out = { properties: {}, required: [] };
    [schema].concat(schema.allOf.map(merged)).forEach(function (part) {
      Object.keys(part).forEach(function (key) {
        if (key === 'allOf') return;
        if (key === 'properties') Object.keys(part.properties).forEach(function (name) { out.properties[name] = part.properties[name]; });
        else if (key === 'required') out.required = out.required.concat(part.required);
        else if (out[key] === undefined) out[key] = part[key];
      });
    });
    return out;
  }

  function typeLabel(schema) {
    if (schema.$ref) return schema.$ref.replace(/^#\/components\/schemas\//, '');
    var type = schema.type;
    if (!type) type = schema.properties ? 'object' : schema.items ? 'array' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema['const'] !== undefined ? typeof schema['const'] : 'any';
    if (Array.isArray(type)) return type.join(' | ');
    if (type === 'array' && schema.items) return 'array of ' + typeLabel(merged(schema.items));
    return schema.format ? type + ' (' + schema.format + ')' : type;
  }

  function range(low, high, one, many) {
    function count(n) { return n + (n === 1 ? one : many); }
    if (low !== undefined && high !== undefined) return low === high ? 'exactly ' + count(low) : low + ' to ' + high + many;
    if (low !== undefined) return 'at least ' + count(low);
    return high !== undefined ? 'at most ' + count(high) : null;
  }

  function constraints(schema) {
    var list = [];
    if (Array.isArray(schema['enum'])) list.push('one of: ' + schema['enum'].map(function (v) { return JSON.stringify(v); }).join(', '));
    if (schema['const'] !== undefined) list.push('always ' + JSON.stringify(schema['const']));
    if (typeof schema.exclusiveMinimum === 'number') list.push('> ' + schema.exclusiveMinimum);
    if (typeof schema.exclusiveMaximum === 'number') list.push('< ' + schema.exclusiveMaximum);
    list.push(range(schema.minimum, schema.maximum, '', ''));
    list.push(range(schema.minLength, schema.maxLength, ' character', ' characters'));
    list.push(range(schema.minItems, schema.maxItems, ' item', ' items'));
    list.push(range(schema.minProperties, schema.maxProperties, ' property', ' properties'));
    if (schema.multipleOf !== undefined) list.push('multiple of ' + schema.multipleOf);
    if (schema.pattern) list.push('pattern ' + schema.pattern);
    if (schema.uniqueItems) list.push('unique items');
    if (schema.additionalProperties === false) list.push('no other properties');
    if (schema['default'] !== undefined) list.push('default ' + JSON.stringify(schema['default']));
    if (schema.readOnly) list.push('read-only');
    if (schema.writeOnly) list.push('write-only');
    if (schema.deprecated) list.push('deprecated');
    return list.filter(function (item) { return item !== null; });
  }
`;
