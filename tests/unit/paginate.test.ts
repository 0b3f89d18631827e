import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paginator } from '@/api/contract/common';
import { paginate } from '../../server/domain/paginate';

const request = (url: string, publicUrl: string | null = null) =>
  ({ url, server: { publicUrl } }) as unknown as FastifyRequest;

/** A link as URLSearchParams writes the request's query with its page set: what Laravel's links keep. */
function expectedLink(url: string, page: number, pageParam = 'page', publicUrl = '') {
  const parsed = new URL(url, 'http://localhost');
  const params = new URLSearchParams(parsed.search);
  params.set(pageParam, String(page));
  return `${publicUrl}${parsed.pathname}?${params.toString()}`;
}

describe('paginate', () => {
  const urls = [
    '/api/users',
    '/api/users?page=3',
    '/api/users?search=a%20b+c&page=2&role_id=4',
    '/api/users?page=2&search=x&page=9',
    '/api/users?search=%26%3D%23&per_page=10',
    '/api/users?search=caf%C3%A9&brand_id=&tab=trashed',
    '/api/users?page',
  ];

  it('keeps every other value of the query in each link, the page where it stood', () => {
    for (const url of urls) {
      for (const pageParam of ['page', 'trashed page']) {
        const answer = paginate(request(url), [1, 2], 400, 5, 25, pageParam);
        const pages = answer.links.filter((l) => l.url !== null && /^\d+$/.test(l.label));
        expect(pages.length).toBeGreaterThan(5);
        for (const l of pages) expect(l.url).toBe(expectedLink(url, Number(l.label), pageParam));
        expect(answer.first_page_url).toBe(expectedLink(url, 1, pageParam));
        expect(answer.last_page_url).toBe(expectedLink(url, 16, pageParam));
        expect(answer.prev_page_url).toBe(expectedLink(url, 4, pageParam));
        expect(answer.next_page_url).toBe(expectedLink(url, 6, pageParam));
      }
    }
  });

  it('starts links with the public address and never with the request’s host', () => {
    const answer = paginate(request('/api/users?page=2&search=x', 'https://console.example'), [], 30, 2);
    expect(answer.first_page_url).toBe('https://console.example/api/users?page=1&search=x');
    expect(answer.path).toBe('https://console.example/api/users');
  });

  it('writes its keys in the contract’s order, so the answer is written by JSON.stringify', () => {
    expect(Object.keys(paginate(request('/api/users'), [], 0, 1))).toEqual(
      Object.keys(paginator(z.unknown()).shape),
    );
  });
});
