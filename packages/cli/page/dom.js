// Builds elements from server data with textContent only: nothing the server sends becomes markup.

/** `h('button', { type: 'button', onclick }, 'Call')`: an element with properties, attributes and children. */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'className' || key === 'value' || key === 'checked') element[key] = value;
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** Pretty JSON for a `<pre>`. */
export function json(value) {
  return JSON.stringify(value, null, 2);
}
