/**
 * The first admin's sign-in, framed so it stands out from the start-up log. It is shown once: the
 * database keeps only the password's hash.
 */
export function adminBox(email: string, password: string): string {
  const lines = [
    'First admin (shown once: keep it, or set ADMIN_EMAIL and',
    'ADMIN_PASSWORD before the first start)',
    '',
    `E-mail:   ${email}`,
    `Password: ${password}`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}
