/**
 * Example values of the docs page script: the schema's own `examples`/`example`/`default`/`const`/first `enum` value,
 * else one made from the schema (a sample of a string's format, the low end of a number's range, every property).
 */
export const exampleScript = String.raw`
  var formatSamples = {
    'date-time': '2024-05-01T12:00:00Z', date: '2024-05-01', time: '12:00:00Z', duration: 'P1D',
    email: 'user@example.com', 'idn-email': 'user@example.com', hostname: 'example.com', 'idn-hostname': 'example.com',
    ipv4: '192.0.2.1', ipv6: '2001:db8::1', uri: 'https://example.com/', 'uri-reference': '/path', iri: 'https://example.com/',
    'iri-reference': '/path', 'uri-template': '/items/{id}', uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    'json-pointer': '/path', 'relative-json-pointer': '0/path', regex: '^[a-z]+$', byte: 'ZXhhbXBsZQ==', password: 'secret'
  };

  function givenExample(schema) {
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema.example !== undefined) return schema.example;
    if (schema['default'] !== undefined) return schema['default'];
    if (schema['const'] !== undefined) return schema['const'];
    if (Array.isArray(schema['enum']) && schema['enum'].length) return schema['enum'][0];
    return undefined;
  }

  function numberExample(schema, integer) {
    var low = typeof schema.minimum === 'number' ? schema.minimum : schema.exclusiveMinimum;
    var high = typeof schema.maximum === 'number' ? schema.maximum : schema.exclusiveMaximum;
    var value = 0;
    if (typeof low === 'number') value = low === schema.minimum ? low : typeof high === 'number' && high - low <= 1 ? (low + high) / 2 : low + 1;
    else if (typeof high === 'number' && high <= 0) value = high === schema.maximum ? high : high - 1;
    if (schema.multipleOf > 0) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
    return integer ? Math.ceil(value) : value;
  }

  function stringExample(schema) {
    var text = formatSamples[schema.format] || 'string';
    while (schema.minLength > text.length) text += 'x';
    return schema.maxLength < text.length ? text.slice(0, schema.maxLength) : text;
  }

  function example(raw, depth) {
    var schema = merged(raw);
    if (depth > 8) return undefined;
    var given = givenExample(schema);
    if (given !== undefined) return given;
    var options = schema.oneOf || schema.anyOf;
    if (Array.isArray(options) && options.length) return example(options[0], depth + 1);
    var type = Array.isArray(schema.type) ? schema.type.filter(function (t) { return t !== 'null'; })[0] || 'null' : schema.type;
    if (type === 'object' || (!type && schema.properties)) {
      var out = {};
      var props = schema.properties || {};
      Object.keys(props).forEach(function (key) {
        var value = example(props[key], depth + 1);
        if (value !== undefined) out[key] = value;
      });
      return out;
    }
    if (type === 'array' || (!type && schema.items)) {
      var item = example(schema.items, depth + 1);
      return item === undefined || schema.maxItems === 0 ? [] : [item];
    }
    if (type === 'integer' || type === 'number') return numberExample(schema, type === 'integer');
    if (type === 'string') return stringExample(schema);
    if (type === 'boolean') return true;
    return type === 'null' ? null : undefined;
  }

  function mediaExample(media) {
    if (media.example !== undefined) return media.example;
    var named = media.examples ? Object.keys(media.examples) : [];
    if (named.length && media.examples[named[0]].value !== undefined) return media.examples[named[0]].value;
    return media.schema ? example(media.schema, 0) : undefined;
  }
`;
