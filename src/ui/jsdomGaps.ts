/**
 * Fills the DOM APIs that react-aria calls and jsdom lacks, for component tests only:
 * CSS.escape (react-aria reads <meta> tags through it when an overlay opens).
 */
function escapeIdentifier(value: string): string {
  // The CSSOM algorithm, enough for the names react-aria looks up.
  let result = '';
  const text = String(value);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const char = text.charAt(index);
    if (code === 0) result += '\uFFFD';
    else if (
      (code >= 0x1 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d)
    )
      result += `\\${code.toString(16)} `;
    else if (index === 0 && text.length === 1 && code === 0x2d) result += `\\${char}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || /[0-9A-Za-z]/.test(char)) result += char;
    else result += `\\${char}`;
  }
  return result;
}

const scope = globalThis as { CSS?: { escape?: (value: string) => string } };
if (!scope.CSS) scope.CSS = {};
if (!scope.CSS.escape) scope.CSS.escape = escapeIdentifier;
