/**
 * The page of the docs page script: the header (title, version, description, link to the document), the
 * Authorization field when the document has security schemes, and the operations grouped by first tag in collapsible
 * sections; then it loads the document (`config.spec` inline, else `config.specUrl`) and marks `#fw-docs` ready.
 */
export const pageScript = String.raw`
  var methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

  function header(spec) {
    var info = spec.info || {};
    var node = el('header', 'fw-header');
    add(node, el('h1', null, info.title || 'API'));
    if (info.version) add(node, el('span', 'fw-version', 'v' + info.version));
    if (config.specUrl) {
      var link = add(node, el('a', 'fw-spec-link', 'OpenAPI document'));
      link.href = config.specUrl;
    }
    if (info.description) add(node, el('p', 'fw-description', info.description));
    return node;
  }

  function authField(schemes) {
    var label = el('label', 'fw-field fw-auth');
    add(label, el('span', 'fw-field-name', 'Authorization'));
    add(label, el('span', 'fw-field-in', Object.keys(schemes).join(', ')));
    var input = add(label, el('input'));
    input.id = 'fw-auth';
    input.placeholder = 'e.g. Bearer <token>, sent with every "Try it"';
    input.autocomplete = 'off';
    return label;
  }

  function tagSection(tag, description, operations) {
    var section = el('details', 'fw-tag');
    section.open = true;
    section.setAttribute('data-tag', tag);
    var head = add(section, el('summary', 'fw-tag-head'));
    add(head, el('h2', null, tag));
    add(head, el('span', 'fw-count', operations.length + (operations.length === 1 ? ' operation' : ' operations')));
    if (description) add(section, el('p', 'fw-description', description));
    operations.forEach(function (node) { add(section, node); });
    return section;
  }

  function render(spec) {
    root.textContent = '';
    add(root, header(spec));
    var schemes = (spec.components && spec.components.securitySchemes) || {};
    if (Object.keys(schemes).length) add(root, authField(schemes));
    var descriptions = {};
    (spec.tags || []).forEach(function (tag) { descriptions[tag.name] = tag.description; });
    var groups = {};
    var order = [];
    Object.keys(spec.paths || {}).forEach(function (path) {
      methods.forEach(function (method) {
        var op = spec.paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || 'default';
        if (!groups[tag]) { groups[tag] = []; order.push(tag); }
        var security = op.security || spec.security || [];
        groups[tag].push(operation(method, path, op, security.some(function (s) { return Object.keys(s).length > 0; })));
      });
    });
    order.forEach(function (tag) { add(root, tagSection(tag, descriptions[tag], groups[tag])); });
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
`;
