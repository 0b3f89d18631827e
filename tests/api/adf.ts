import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

/** The ADF 1.0 DTD the product's leads must be valid against, beside the repository. */
export const ADF_DTD = fileURLToPath(new URL('../../../shared/adf/adf-1.0.dtd', import.meta.url));

/** Debian's xmllint (libxml2-utils): the xmllint-wasm build has no DTD validation (no --dtdvalid). */
const XMLLINT = '/usr/bin/xmllint';

/**
 * Validates a document against the ADF 1.0 DTD with xmllint, exactly as
 * `xmllint --noout --dtdvalid adf-1.0.dtd lead.xml` does; answers its complaints ('' when valid).
 */
export async function adfErrors(xml: string): Promise<string> {
  if (!existsSync(XMLLINT)) throw new Error('xmllint is missing: apt-get install libxml2-utils');
  if (!existsSync(ADF_DTD)) throw new Error(`The ADF DTD is missing at ${ADF_DTD}`);
  const dir = mkdtempSync(join(tmpdir(), 'console-adf-'));
  const file = join(dir, 'lead.xml');
  writeFileSync(file, xml);
  try {
    return await new Promise<string>((resolve) => {
      execFile(XMLLINT, ['--noout', '--nonet', '--dtdvalid', ADF_DTD, file], (error, _stdout, stderr) => {
        resolve(error ? stderr || String(error) : '');
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An ADF document read back: attributes under '@_name', text under '#text' when there are attributes. */
export function readAdf(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => ['name', 'phone', 'street', 'id'].includes(name),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a parsed document is walked by the test's own expectations.
  return parser.parse(xml) as any;
}
