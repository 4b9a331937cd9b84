/**
 * The "Try it" form of the docs page script: inputs for the path, query and header parameters and a JSON body
 * pre-filled from the examples; it sends a real `fetch` (with the Authorization value typed at the top, if any) and
 * shows the status line, headers and pretty-printed body.
 */
export const tryScript = String.raw`
  function field(form, param) {
    var label = add(form, el('label', 'fw-field'));
    add(label, el('span', 'fw-field-name', param.name + (param.required ? ' *' : '')));
    add(label, el('span', 'fw-field-in', param['in']));
    var input = add(label, el('input'));
    input.name = param['in'] + ':' + param.name;
    input.setAttribute('data-in', param['in']);
    input.setAttribute('data-name', param.name);
    var ex = parameterExample(param);
    if (ex === undefined) return;
    if (param.required) input.value = String(ex);
    else input.placeholder = 'e.g. ' + String(ex);
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

  function tryIt(method, path, op) {
    var part = el('section', 'fw-part fw-try-part');
    add(part, el('h4', null, 'Try it'));
    var form = add(part, el('form', 'fw-try'));
    (op.parameters || []).forEach(function (param) { field(form, param); });
    var media = requestMedia(op);
    if (media) {
      var label = add(form, el('label', 'fw-field fw-body'));
      add(label, el('span', 'fw-field-name', 'body (JSON)'));
      var area = add(label, el('textarea'));
      area.rows = 8;
      var ex = mediaExample(media);
      area.value = ex === undefined ? '' : JSON.stringify(ex, null, 2);
    }
    var button = add(form, el('button', 'fw-send', 'Send'));
    button.type = 'submit';
    var output = add(part, el('pre', 'fw-response'));
    output.setAttribute('aria-live', 'polite');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      send(method, path, op, form, output);
    });
    return part;
  }
`;
