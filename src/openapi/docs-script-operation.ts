/**
 * One operation of the docs page script: a collapsible block whose head shows the method badge, path and summary,
 * and whose body shows the parameters table, the request body and each response status (schema and example), then
 * the "Try it" form.
 */
export const operationScript = String.raw`
  function requestMedia(op) {
    if (!op.requestBody) return null;
    var content = op.requestBody.content || {};
    return content['application/json'] || content[Object.keys(content)[0]] || null;
  }

  function parameterExample(param) {
    if (param.example !== undefined) return param.example;
    return param.schema ? example(param.schema, 0) : undefined;
  }

  function part(className, title, note) {
    var node = el('section', 'fw-part ' + className);
    var heading = add(node, el('h4', null, title));
    if (note) add(heading, el('span', 'fw-note', note));
    return node;
  }

  function parametersPart(params) {
    var node = part('fw-params', 'Parameters');
    var grid = add(node, table('fw-params-table', ['Name', 'In', 'Type', 'Description', 'Example']));
    params.forEach(function (param) {
      var schema = merged(param.schema);
      var row = add(grid.tBodies[0], el('tr', 'fw-param'));
      row.setAttribute('data-name', param.name);
      var name = add(row, el('td', 'fw-prop-name'));
      add(name, el('code', null, param.name));
      if (param.required) add(name, el('span', 'fw-required', 'required'));
      add(row, el('td', 'fw-param-in', param['in']));
      add(row, el('td', 'fw-prop-type', typeLabel(schema)));
      var info = add(row, el('td', 'fw-prop-info'));
      if (param.description) add(info, el('div', 'fw-prop-description', param.description));
      constraints(schema).forEach(function (text) { add(info, el('span', 'fw-rule', text)); });
      var ex = parameterExample(param);
      add(add(row, el('td', 'fw-param-example')), el('code', null, ex === undefined ? '' : JSON.stringify(ex)));
    });
    return node;
  }

  function mediaPart(node, type, media, caption) {
    add(node, el('div', 'fw-media', type));
    if (media.schema) add(node, schemaView(media.schema, caption));
    var ex = mediaExample(media);
    if (ex !== undefined) add(node, exampleBlock(ex));
  }

  function requestPart(op) {
    var body = op.requestBody;
    var node = part('fw-request', 'Request body', body.required ? 'required' : 'optional');
    if (body.description) add(node, el('p', 'fw-description', body.description));
    var content = body.content || {};
    Object.keys(content).forEach(function (type) { mediaPart(node, type, content[type], body.description); });
    return node;
  }

  function responsesPart(responses) {
    var node = part('fw-statuses', 'Responses');
    Object.keys(responses).forEach(function (code) {
      var response = responses[code];
      var block = add(node, el('div', 'fw-status fw-status-' + code.charAt(0).toLowerCase()));
      block.setAttribute('data-status', code);
      var head = add(block, el('div', 'fw-status-head'));
      add(head, el('span', 'fw-code', code));
      add(head, el('span', 'fw-status-description', response.description || ''));
      var content = response.content || {};
      Object.keys(content).forEach(function (type) { mediaPart(block, type, content[type], response.description); });
    });
    return node;
  }

  function operation(method, path, op, secured) {
    var block = el('details', 'fw-op fw-' + method + (op.deprecated ? ' fw-deprecated' : ''));
    block.id = 'op-' + op.operationId;
    block.setAttribute('data-method', method.toUpperCase());
    block.setAttribute('data-path', path);
    var head = add(block, el('summary', 'fw-op-head'));
    add(head, el('span', 'fw-method', method.toUpperCase()));
    add(head, el('code', 'fw-path', path));
    if (op.summary) add(head, el('span', 'fw-summary', op.summary));
    if (op.deprecated) add(head, el('span', 'fw-badge', 'deprecated'));
    if (secured) add(head, el('span', 'fw-badge fw-auth-badge', 'auth'));
    var body = add(block, el('div', 'fw-op-body'));
    if (op.description) add(body, el('p', 'fw-description', op.description));
    if (op.parameters && op.parameters.length) add(body, parametersPart(op.parameters));
    if (op.requestBody) add(body, requestPart(op));
    add(body, responsesPart(op.responses || {}));
    add(body, tryIt(method, path, op));
    return block;
  }
`;
