// Where a JSON path (`dataSource.sections[2].items[5].size`, as the API's errors name
// fields) sits in the text of a JSON document, so an error can be shown at its field.

/** Parses `text`, recording the character range of every value under its path. */
export function valueRanges(text) {
  const ranges = new Map();
  let i = 0;
  const fail = (message) => { throw new SyntaxError(`${message} at ${position(text, i).label}`); };
  const space = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const join = (path, key) => (path === '' ? key : `${path}.${key}`);

  function value(path) {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++; space();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          space();
          if (text[i] !== '"') fail('expected a key');
          const key = string();
          space();
          if (text[i] !== ':') fail("expected ':'");
          i++;
          value(join(path, key));
          space();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === '}') { i++; break; }
          fail("expected ',' or '}'");
        }
      }
    } else if (c === '[') {
      i++; space();
      if (text[i] === ']') i++;
      else {
        for (let n = 0; ; n++) {
          value(`${path}[${n}]`);
          space();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === ']') { i++; break; }
          fail("expected ',' or ']'");
        }
      }
    } else if (c === '"') {
      string();
    } else {
      const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
      if (!m) fail('expected a value');
      i += m[0].length;
    }
    ranges.set(path, { start, end: i });
  }

  function string() {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i));
  }

  value('');
  space();
  if (i < text.length) fail('unexpected text after the document');
  return ranges;
}

/** The range of `path` in `text`, or of its nearest ancestor that is there. */
export function locate(text, path) {
  let ranges;
  try { ranges = valueRanges(text); } catch { return null; }
  let p = path || '';
  while (!ranges.has(p)) {
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    if (cut < 0) { p = ''; break; }
    p = p.slice(0, cut);
  }
  const range = ranges.get(p);
  return range ? { ...range, path: p } : null;
}

/** Line and column (1-based) of a character offset, and the line's text. */
export function position(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = text.indexOf('\n', offset);
  const column = offset - lineStart + 1;
  return { line, column, lineText: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd),
           label: `line ${line}, column ${column}` };
}
