/** DOM helpers of the docs page script: every value from the document goes in as text, never as HTML. */
export const domScript = String.raw`
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function add(parent, child) {
    parent.appendChild(child);
    return child;
  }

  function table(className, headers) {
    var node = el('table', 'fw-table ' + className);
    var row = add(add(node, el('thead')), el('tr'));
    headers.forEach(function (title) { add(row, el('th', null, title)); });
    add(node, el('tbody'));
    return node;
  }

  function exampleBlock(value) {
    var block = el('div', 'fw-example');
    add(block, el('div', 'fw-example-title', 'Example'));
    add(block, el('pre', 'fw-example-value', JSON.stringify(value, null, 2)));
    return block;
  }
`;
