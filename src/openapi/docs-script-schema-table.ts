/**
 * The schema view of the docs page script: a line naming the schema's type, then a table with one row per property
 * (name, required marker, type, description and rules), nested objects and array items indented under their parent.
 * `schemaView(schema, caption)` leaves out the schema's description when it is the caption already shown above it.
 */
export const schemaTableScript = String.raw`
  var maxSchemaDepth = 8;

  function propertyRow(body, name, raw, required, depth) {
    var schema = merged(raw);
    var row = add(body, el('tr', 'fw-prop'));
    row.setAttribute('data-depth', String(depth));
    var cell = add(row, el('td', 'fw-prop-name'));
    cell.style.paddingLeft = (8 + depth * 20) + 'px';
    if (depth > 0) add(cell, el('span', 'fw-tree', '\u2514 '));
    add(cell, el('code', null, name));
    if (required) add(cell, el('span', 'fw-required', 'required'));
    add(row, el('td', 'fw-prop-type', typeLabel(schema)));
    var info = add(row, el('td', 'fw-prop-info'));
    if (schema.description) add(info, el('div', 'fw-prop-description', schema.description));
    constraints(schema).forEach(function (text) { add(info, el('span', 'fw-rule', text)); });
    nestedRows(body, schema, depth + 1);
  }

  function nestedRows(body, schema, depth) {
    if (depth > maxSchemaDepth) return;
    var inner = schema;
    while (inner.items && (inner.type === 'array' || !inner.type)) inner = merged(inner.items);
    var required = inner.required || [];
    var props = inner.properties || {};
    Object.keys(props).forEach(function (name) { propertyRow(body, name, props[name], required.indexOf(name) >= 0, depth); });
    if (inner.additionalProperties && typeof inner.additionalProperties === 'object') propertyRow(body, '<any name>', inner.additionalProperties, false, depth);
    (inner.oneOf || inner.anyOf || []).forEach(function (option, i) { propertyRow(body, 'option ' + (i + 1), option, false, depth); });
  }

  function schemaView(raw, caption) {
    var schema = merged(raw);
    var view = el('div', 'fw-schema');
    var line = add(view, el('div', 'fw-schema-type'));
    add(line, el('code', null, typeLabel(schema)));
    if (schema.description && schema.description !== caption) add(line, el('span', 'fw-prop-description', schema.description));
    constraints(schema).forEach(function (text) { add(line, el('span', 'fw-rule', text)); });
    var grid = table('fw-schema-table', ['Name', 'Type', 'Description']);
    nestedRows(grid.tBodies[0], schema, 0);
    if (grid.tBodies[0].rows.length) add(view, grid);
    return view;
  }
`;
