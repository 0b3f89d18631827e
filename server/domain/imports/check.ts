import type { z } from 'zod';
import { type FormValues, formFields } from '@/api/contract/forms';
import { type PageValues, pageFields } from '@/api/contract/pages';
import type { ImportKind, ImportRejection } from '../../db/schema/jobs';
import { CellError } from './cells';
import type { TreeLookups } from './lookups';
import type { ImportLookups, ImportProvider } from './provider';
import type { SheetRow } from './sheet';

/** Where a checked row goes: the top level, an existing page, or the page an earlier row makes. */
export type Placement = { parent: null } | { parent: 'page'; id: number } | { parent: 'row'; row: number };

/** A row that passed every check: what storePage will be given. */
export interface CheckedRow {
  row: number;
  name: string;
  values: PageValues | FormValues;
  placement: Placement;
}

export interface CheckOutcome {
  rows: CheckedRow[];
  rejected: ImportRejection[];
}

const noun = (kind: ImportKind) => (kind === 'page' ? 'page' : 'form');

/** The column a schema issue belongs to: the longest dotted prefix the provider names. */
function columnOf(provider: ImportProvider, path: PropertyKey[]): string {
  for (let length = path.length; length > 0; length--) {
    const column = provider.fieldColumns[path.slice(0, length).map(String).join('.')];
    if (column) return column;
  }
  return provider.columns[0]!.header;
}

function schemaIssues(provider: ImportProvider, error: z.ZodError): { column: string; reason: string }[] {
  const seen = new Set<string>();
  const issues: { column: string; reason: string }[] = [];
  for (const issue of error.issues) {
    const column = columnOf(provider, issue.path);
    if (seen.has(column)) continue;
    seen.add(column);
    issues.push({ column, reason: issue.message });
  }
  return issues;
}

/**
 * Checks every row of a sheet against the provider and the contract's builder schema, finds each
 * row's parent (an existing page or an earlier row), and refuses names already taken under the
 * same parent, in the tree or earlier in the sheet. Nothing is written.
 */
export async function checkRows(
  provider: ImportProvider,
  rows: SheetRow[],
  lookups: ImportLookups & TreeLookups,
  onProgress: (done: number) => Promise<void>,
): Promise<CheckOutcome> {
  const kind = provider.kind;
  const schema = kind === 'page' ? pageFields : formFields;
  const checked: CheckedRow[] = [];
  const rejected: ImportRejection[] = [];
  /** Rows by lower-case name, for children that name them as their parent. */
  const earlier = new Map<string, { row: number; allowsChildren: boolean }>();
  /** parent|name of every row so far, to refuse a name twice under one parent. */
  const names = new Map<string, number>();

  for (const [index, sheetRow] of rows.entries()) {
    const reject = (column: string, reason: string) => rejected.push({ row: sheetRow.row, column, reason });
    const before = rejected.length;
    try {
      const problems: CellError[] = [];
      const draft = await provider.draft(sheetRow.cells, lookups, problems);
      for (const problem of problems) reject(problem.column, problem.message);
      const parsed = schema.safeParse(draft.input);
      if (!parsed.success) {
        // A column already refused stood in with a value of its own: its reason is the one to give.
        for (const issue of schemaIssues(provider, parsed.error))
          if (!problems.some((problem) => problem.column === issue.column))
            reject(issue.column, issue.reason);
      }
      let placement: Placement = { parent: null };
      if (draft.parent) {
        const key = draft.parent.trim().toLowerCase();
        const fromSheet = earlier.get(key);
        if (fromSheet) {
          if (fromSheet.allowsChildren) placement = { parent: 'row', row: fromSheet.row };
          else
            reject(
              'Parent',
              `The page on row ${fromSheet.row} does not allow child pages: set its Allow children to Yes.`,
            );
        } else {
          const page = await lookups.page(draft.parent);
          if (!page)
            reject('Parent', `No page has the slug "${draft.parent}", and no earlier row is named so.`);
          else if (!page.isAllowedChildren)
            reject('Parent', `The page "${page.name}" does not allow child pages.`);
          else placement = { parent: 'page', id: page.id };
        }
      }
      if (draft.name) {
        const parentKey =
          placement.parent === null
            ? 'top'
            : placement.parent === 'page'
              ? `p${placement.id}`
              : `r${placement.row}`;
        const nameKey = `${parentKey}|${draft.name.trim().toLowerCase()}`;
        const twice = names.get(nameKey);
        if (twice !== undefined) {
          reject('Name', `Row ${twice} already makes a ${noun(kind)} named "${draft.name}" there.`);
        } else if (
          placement.parent !== 'row' &&
          (await lookups.nameTaken(kind, placement.parent === 'page' ? placement.id : null, draft.name))
        ) {
          reject('Name', `A ${noun(kind)} named "${draft.name}" already exists there.`);
        }
        names.set(nameKey, names.get(nameKey) ?? sheetRow.row);
        const values = parsed.success ? parsed.data : null;
        earlier.set(draft.name.trim().toLowerCase(), {
          row: sheetRow.row,
          allowsChildren: values !== null && values.is_allowed_children === 1,
        });
      }
      if (rejected.length === before && parsed.success) {
        checked.push({ row: sheetRow.row, name: draft.name, values: parsed.data, placement });
      }
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      reject(error.column, error.message);
    }
    if ((index + 1) % 25 === 0 || index === rows.length - 1) await onProgress(index + 1);
  }
  return { rows: checked, rejected };
}
