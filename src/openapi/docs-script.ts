/**
 * The browser script of the docs page and the portal (plain ES2017, no dependencies, served by the app itself).
 * It reads `#fw-docs-config` ({ specUrl } or { spec }, plus an optional baseUrl), lists every operation by tag and
 * gives each a "Try it" form that sends a real request and shows the status, headers and body (with the Authorization
 * value typed at the top when the document has security schemes). Every value from the
 * document is written with textContent, never as HTML.
 */
export const docsScript = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('fw-docs-config').textContent || '{}');
  var root = document.getElementById('fw-docs');
  var methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function example(schema, depth) {
    if (!schema || typeof schema !== 'object' || depth > 6) return null;
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema['default'] !== undefined) return schema['default'];
    if (schema['const'] !== undefined) return schema['const'];
    if (Array.isArray(schema['enum']) && schema['enum'].length) return schema['enum'][0];
    var type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'object' || schema.properties) {
      var out = {};
      var props = schema.properties || {};
      Object.keys(props).forEach(function (key) { out[key] = example(props[key], depth + 1); });
      return out;
    }
    if (type === 'array') return [example(schema.items, depth + 1)].filter(function (v) { return v !== null; });
    if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
    if (type === 'boolean') return true;
    if (type === 'string') return schema.minLength > 6 ? new Array(schema.minLength + 1).join('x') : 'string';
    return null;
  }

  function field(form, param) {
    var label = el('label', 'fw-field');
    label.appendChild(el('span', 'fw-field-name', param.name + (param.required ? ' *' : '')));
    label.appendChild(el('span', 'fw-field-in', param['in']));
    var input = el('input');
    input.name = param['in'] + ':' + param.name;
    input.setAttribute('data-in', param['in']);
    input.setAttribute('data-name', param.name);
    var ex = example(param.schema, 0);
    if (param.required && ex !== null) input.value = String(ex);
    label.appendChild(input);
    form.appendChild(label);
  }

  function buildUrl(path, form) {
    var query = new URLSearchParams();
    var url = path.replace(/\{([^}]+)\}/g, function (_, name) {
      var input = form.querySelector('input[data-in="path"][data-name="' + name + '"]');
      return encodeURIComponent(input ? input.value : '');
    });
    Array.prototype.forEach.call(form.querySelectorAll('input[data-in="query"]'), function (input) {
      if (input.value !== '') query.append(input.getAttribute('data-name'), input.value);
    });
    var qs = query.toString();
    var base = (config.baseUrl || '').replace(/\/$/, '');
    return base + url + (qs ? '?' + qs : '');
  }

  function send(method, path, op, form, output) {
    var headers = {};
    var auth = document.getElementById('fw-auth');
    if (auth && auth.value !== '') headers.authorization = auth.value;
    Array.prototype.forEach.call(form.querySelectorAll('input[data-in="header"]'), function (input) {
      if (input.value !== '') headers[input.getAttribute('data-name')] = input.value;
    });
    var init = { method: method.toUpperCase(), headers: headers };
    var body = form.querySelector('textarea');
    if (body && op.requestBody) {
      headers['content-type'] = 'application/json';
      init.body = body.value;
    }
    var url = buildUrl(path, form);
    output.textContent = 'Sending ' + init.method + ' ' + url + ' ...';
    output.setAttribute('data-state', 'pending');
    fetch(url, init).then(function (response) {
      return response.text().then(function (text) {
        var pretty = text;
        try { pretty = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { pretty = text; }
        var lines = [init.method + ' ' + url, 'HTTP ' + response.status + ' ' + response.statusText];
        response.headers.forEach(function (value, name) { lines.push(name + ': ' + value); });
        output.textContent = lines.join('\n') + '\n\n' + pretty;
        output.setAttribute('data-status', String(response.status));
        output.setAttribute('data-state', 'done');
      });
    }, function (error) {
      output.textContent = 'Request failed: ' + error.message;
      output.setAttribute('data-state', 'failed');
    });
  }

  function operation(method, path, op) {
    var section = el('details', 'fw-op fw-' + method + (op.deprecated ? ' fw-deprecated' : ''));
    section.id = 'op-' + op.operationId;
    section.setAttribute('data-method', method.toUpperCase());
    section.setAttribute('data-path', path);
    var head = el('summary', 'fw-op-head');
    head.appendChild(el('span', 'fw-method', method.toUpperCase()));
    head.appendChild(el('code', 'fw-path', path));
    if (op.summary) head.appendChild(el('span', 'fw-summary', op.summary));
    if (op.deprecated) head.appendChild(el('span', 'fw-badge', 'deprecated'));
    section.appendChild(head);
    if (op.description) section.appendChild(el('p', 'fw-description', op.description));
    var form = el('form', 'fw-try');
    (op.parameters || []).forEach(function (param) { field(form, param); });
    if (op.requestBody) {
      var content = op.requestBody.content || {};
      var media = content['application/json'] || content[Object.keys(content)[0]] || {};
      var label = el('label', 'fw-field fw-body');
      label.appendChild(el('span', 'fw-field-name', 'body (JSON)'));
      var area = el('textarea');
      area.rows = 6;
      area.value = JSON.stringify(example(media.schema, 0), null, 2);
      label.appendChild(area);
      form.appendChild(label);
    }
    var button = el('button', 'fw-send', 'Try it');
    button.type = 'submit';
    form.appendChild(button);
    var output = el('pre', 'fw-response');
    output.setAttribute('aria-live', 'polite');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      send(method, path, op, form, output);
    });
    section.appendChild(form);
    var codes = el('ul', 'fw-responses');
    Object.keys(op.responses || {}).forEach(function (code) {
      codes.appendChild(el('li', null, code + ': ' + (op.responses[code].description || '')));
    });
    section.appendChild(codes);
    section.appendChild(output);
    return section;
  }

  function render(spec) {
    root.textContent = '';
    var info = spec.info || {};
    var header = el('header', 'fw-header');
    header.appendChild(el('h1', null, info.title || 'API'));
    header.appendChild(el('span', 'fw-version', info.version ? 'v' + info.version : ''));
    if (info.description) header.appendChild(el('p', null, info.description));
    root.appendChild(header);
    var schemes = (spec.components && spec.components.securitySchemes) || {};
    if (Object.keys(schemes).length) {
      var authLabel = el('label', 'fw-field fw-auth');
      authLabel.appendChild(el('span', 'fw-field-name', 'Authorization'));
      authLabel.appendChild(el('span', 'fw-field-in', Object.keys(schemes).join(', ')));
      var authInput = el('input');
      authInput.id = 'fw-auth';
      authInput.placeholder = 'e.g. Bearer <token>, sent with every "Try it"';
      authInput.autocomplete = 'off';
      authLabel.appendChild(authInput);
      root.appendChild(authLabel);
    }
    var groups = {};
    var order = [];
    Object.keys(spec.paths || {}).forEach(function (path) {
      methods.forEach(function (method) {
        var op = spec.paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || 'default';
        if (!groups[tag]) { groups[tag] = []; order.push(tag); }
        groups[tag].push(operation(method, path, op));
      });
    });
    order.forEach(function (tag) {
      var group = el('section', 'fw-tag');
      group.setAttribute('data-tag', tag);
      group.appendChild(el('h2', null, tag));
      groups[tag].forEach(function (node) { group.appendChild(node); });
      root.appendChild(group);
    });
    root.setAttribute('data-ready', 'true');
  }

  if (config.spec) render(config.spec);
  else fetch(config.specUrl).then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.json();
  }).then(render, function (error) {
    root.textContent = 'Could not load the OpenAPI document from ' + config.specUrl + ': ' + error.message;
    root.setAttribute('data-ready', 'error');
  });
})();
`;
