import { z } from 'zod';
import { pageItem } from '@/api/contract/blocks';
import type { BuilderField } from '@/api/contract/builder';
import { formatDate } from './format';
import { fieldSchema } from './schema';

/** What each form input block asks a visitor for (FORM_BLOCKS in ./catalogue.ts). */
const KINDS = {
  input_text: 'text',
  input_email: 'email',
  input_telephone: 'telephone',
  input_select: 'select',
  input_consent: 'consent',
  input_registration: 'registration',
  input_dealership: 'dealership',
  input_date: 'date',
} as const;

export type QuestionKind = (typeof KINDS)[keyof typeof KINDS];

/** The label a question gets when its block has none. */
const DEFAULT_LABELS: Record<QuestionKind, string> = {
  text: 'Text',
  email: 'E-mail',
  telephone: 'Telephone',
  select: 'Choice',
  consent: 'Consent',
  registration: 'Registration',
  dealership: 'Dealership',
  date: 'Date',
};

/** One question a form asks: an input block placed on it, as the website shows it. */
export interface Question {
  /** The field the website sends and the response keeps the answer under. */
  key: string;
  label: string;
  kind: QuestionKind;
  required: boolean;
  /** A select's options. */
  options: { value: string; label: string }[];
  /** A date's bounds, YYYY-MM-DD. */
  earliest: string | null;
  latest: string | null;
  /** A dealership picker that offers only the dealerships of the form's brand. */
  brandOnly: boolean;
  /** What the website shows with the field: its help text and placeholder ('' for none). */
  help: string;
  placeholder: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A field name as a response key: lowercase letters, digits and underscores, never only digits. */
export function keyOf(text: string): string {
  const key = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return /^[0-9]/.test(key) ? `field_${key}` : key;
}

/** The first line of a markdown statement as plain text, for a consent box's label. */
function plainLine(markdown: string): string {
  const line = markdown
    .split('\n')
    .map((l) => l.replace(/[#>*_`~[\]]/g, '').trim())
    .find((l) => l !== '' && l !== 'Welcome to Markdown.');
  return (line ?? '').slice(0, 255);
}

/**
 * The questions a form's blocks ask, in block order: every input block that is not hidden. Each
 * answer is kept under the block's field name, or a name made from its label; a name used twice
 * gets a number ('email_2').
 */
export function questionsOf(items: readonly unknown[]): Question[] {
  const questions: Question[] = [];
  const taken = new Set<string>();
  for (const raw of items) {
    const parsed = pageItem.safeParse(raw);
    if (!parsed.success || parsed.data.hidden) continue;
    const item = parsed.data;
    const kind = Object.hasOwn(KINDS, item.index) ? KINDS[item.index as keyof typeof KINDS] : null;
    if (!kind) continue;
    const settings = item.sections.settings?.fields ?? {};
    const label =
      textOf(settings.label) ||
      (kind === 'consent' ? plainLine(textOf(settings.statement)) : '') ||
      DEFAULT_LABELS[kind];
    const base = keyOf(textOf(settings.name)) || keyOf(label) || kind;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
    taken.add(key);
    const options = (item.sections.options?.entries ?? []).flatMap((entry) => {
      const value = textOf(entry.fields.value) || textOf(entry.fields.label);
      return value ? [{ value, label: textOf(entry.fields.label) || value }] : [];
    });
    const date = (value: unknown) => {
      const text = textOf(value);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
    };
    questions.push({
      key,
      label,
      kind,
      required: textOf(settings.required) === '1',
      options,
      earliest: kind === 'date' ? date(settings.earliest) : null,
      latest: kind === 'date' ? date(settings.latest) : null,
      brandOnly: kind === 'dealership' && textOf(settings.brand) === 'brand',
      help: textOf(settings.help),
      placeholder: textOf(settings.placeholder),
    });
  }
  return questions;
}

/** A dealership a visitor may choose: live and not in the bin. */
export interface PickedDealership {
  id: number;
  name: string;
  email: string;
  brandId: number | null;
}

export interface AnswerContext {
  /** The form's brand: a brand-only picker offers its dealerships alone. */
  brandId: number | null;
  findDealership(id: number): Promise<PickedDealership | null>;
}

/** What an answer holds once checked: text, a tick, the chosen dealership, or nothing. */
export type AnswerValue = string | boolean | PickedDealership | null;

const REQUIRED = 'This field is required.';
const TELEPHONE = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;
/** Current, prefix, suffix, dateless and Northern Irish plates: letters and digits, 2 to 7 of them. */
const REGISTRATION = /^(?=.*[A-Z])(?=.*[0-9])[A-Z0-9]{2,7}$/;

/** Strings are trimmed; blank means nothing was entered. */
const tidy = (value: unknown) => {
  if (typeof value !== 'string') return value ?? null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const builderField = (type: BuilderField['type'], question: Question): BuilderField => ({
  name: question.label,
  type,
  ...(type === 'select' ? { options: question.options } : {}),
});

/**
 * A text-like answer: checked first by the schema the builder uses for that kind of field (so a
 * response holds what a block's field may hold), then for being there and for its own format.
 */
function textAnswer(
  question: Question,
  type: BuilderField['type'],
  missing: string,
  format: (value: string) => string | null = () => null,
  normalise: (value: string) => string = (value) => value,
) {
  return z.preprocess(tidy, fieldSchema(builderField(type, question))).transform((value, ctx) => {
    if (typeof value !== 'string' || value === '') {
      if (question.required) ctx.addIssue({ code: 'custom', message: missing });
      return null;
    }
    const problem = format(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return normalise(value);
  });
}

const isEmail = (value: string) => z.email().safeParse(value).success;

function consentAnswer(question: Question) {
  return z.preprocess(
    tidy,
    z
      .union(
        [
          z.boolean(),
          z.enum(['1', '0', 'true', 'false', 'on', 'yes', 'no']),
          z.literal(1),
          z.literal(0),
          z.null(),
        ],
        'Tick the box or leave it empty.',
      )
      .transform((value, ctx) => {
        const ticked =
          value === true ||
          value === 1 ||
          value === '1' ||
          value === 'true' ||
          value === 'on' ||
          value === 'yes';
        if (question.required && !ticked) ctx.addIssue({ code: 'custom', message: 'Tick the box to agree.' });
        return ticked;
      }),
  );
}

function dealershipAnswer(question: Question, context: AnswerContext) {
  const choose = 'Choose a dealership.';
  return z.preprocess(
    tidy,
    z
      .union(
        [
          z.number(choose).int(choose).positive(choose),
          z.string(choose).regex(/^\d{1,9}$/, choose),
          z.null(),
        ],
        choose,
      )
      .transform(async (value, ctx): Promise<PickedDealership | null> => {
        if (value === null) {
          if (question.required) ctx.addIssue({ code: 'custom', message: choose });
          return null;
        }
        const found = await context.findDealership(Number(value));
        const allowed =
          found && (!question.brandOnly || context.brandId === null || found.brandId === context.brandId);
        if (!allowed) {
          ctx.addIssue({ code: 'custom', message: choose });
          return null;
        }
        return found;
      }),
  );
}

/** What one question accepts, and the value a response keeps. */
export function answerSchema(question: Question, context: AnswerContext): z.ZodType<AnswerValue, unknown> {
  switch (question.kind) {
    case 'text':
      return textAnswer(question, 'text', REQUIRED);
    case 'email':
      return textAnswer(question, 'text', REQUIRED, (v) =>
        isEmail(v) ? null : 'Enter a valid e-mail address.',
      );
    case 'telephone':
      return textAnswer(question, 'text', REQUIRED, (v) =>
        TELEPHONE.test(v) && v.replace(/\D/g, '').length >= 7 ? null : 'Enter a valid telephone number.',
      );
    case 'registration': {
      const plate = (v: string) => v.toUpperCase().replace(/\s+/g, '');
      return textAnswer(
        question,
        'text',
        REQUIRED,
        (v) => (REGISTRATION.test(plate(v)) ? null : 'Enter a valid registration number.'),
        (v) => v.toUpperCase().replace(/\s+/g, ' '),
      );
    }
    case 'select':
      // The visitor sends an option's value; the response keeps what the visitor read.
      return textAnswer(
        question,
        'select',
        'Choose one of the options.',
        () => null,
        (v) => question.options.find((option) => option.value === v)?.label ?? v,
      );
    case 'date':
      return textAnswer(question, 'date', 'Enter a date.', (v) => {
        if (question.earliest && v < question.earliest)
          return `Choose a date on or after ${formatDate(question.earliest)}.`;
        if (question.latest && v > question.latest)
          return `Choose a date on or before ${formatDate(question.latest)}.`;
        return null;
      });
    case 'consent':
      return consentAnswer(question);
    case 'dealership':
      return dealershipAnswer(question, context);
  }
}

/** A visitor's answers to a form: every question checked, and a field the form does not ask refused. */
export function submissionSchema(questions: readonly Question[], context: AnswerContext) {
  return z.strictObject(
    Object.fromEntries(questions.map((question) => [question.key, answerSchema(question, context)])),
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? 'This form does not ask for that.' : undefined),
    },
  );
}
