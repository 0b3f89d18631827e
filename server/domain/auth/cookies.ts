import type { FastifyReply, FastifyRequest } from 'fastify';

/** A cookie's value, or null when it is missing or not valid percent-encoding (`%`, `%ff`). */
export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  maxAge: number;
}

/** Adds a Set-Cookie header (a reply may set several): HttpOnly, same-site only, Secure over https. */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  { path, maxAge }: CookieOptions,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const cookie = `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}
