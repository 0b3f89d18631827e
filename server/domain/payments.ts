import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's time may be from ours, either way: Stripe's own default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

const DIGITS = /^[0-9]+$/;

/**
 * Checks a `Stripe-Signature` header against the raw body, as Stripe documents it:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Several v1 values come while a
 * signing secret is rolled, and one match is enough; v0 (test-mode legacy) and unknown schemes are
 * ignored. Every comparison is constant-time.
 */
export function verifyStripeSignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  now: number = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return { ok: false, reason: 'The Stripe-Signature header is missing.' };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === undefined || !DIGITS.test(timestamp)) {
    return { ok: false, reason: 'The Stripe-Signature header has no timestamp (t=).' };
  }
  if (signatures.length === 0) {
    return { ok: false, reason: 'The Stripe-Signature header has no v1 signature.' };
  }
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return {
      ok: false,
      reason: `The Stripe-Signature timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now.`,
    };
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    // Buffer.from drops what is not hex, so the length check also refuses a signature with junk in it.
    return (
      signature.length === expected.length * 2 &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  });
  return matches
    ? { ok: true }
    : { ok: false, reason: 'No v1 signature in the Stripe-Signature header matches the payload.' };
}
