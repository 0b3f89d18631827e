import { consoleCsp } from '@server/http/csp';
import { describe, expect, it } from 'vitest';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('The console page’s Content-Security-Policy', () => {
  it('allows scripts, styles and connections from the console’s own origin only', () => {
    const policy = consoleCsp({ maps: false, apiUrl: null });
    expect(directive(policy, 'script-src')).toBe("'self'");
    expect(directive(policy, 'style-src')).toBe("'self'");
    expect(directive(policy, 'connect-src')).toBe("'self'");
    expect(policy).not.toContain('google');
    expect(policy).not.toContain('unsafe');
  });

  it('allows Google’s Maps script and its images only when the console was built with a key', () => {
    const policy = consoleCsp({ maps: true, apiUrl: null });
    expect(directive(policy, 'script-src')).toBe("'self' https://maps.googleapis.com");
    expect(directive(policy, 'img-src')).toContain('https://maps.gstatic.com');
    expect(directive(policy, 'connect-src')).toContain('https://maps.googleapis.com');
    expect(directive(policy, 'object-src')).toBe("'none'");
  });

  it('lets the console call an API on another origin when it was built to', () => {
    const policy = consoleCsp({ maps: false, apiUrl: 'https://api.example.com/v1/' });
    expect(directive(policy, 'connect-src')).toBe("'self' https://api.example.com");
    expect(directive(consoleCsp({ maps: false, apiUrl: '/api/' }), 'connect-src')).toBe("'self'");
  });
});
