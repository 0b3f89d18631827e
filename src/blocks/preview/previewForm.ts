import type { PageItem } from '@/api/contract/pages';
import type { SiteForm, SiteQuestion } from '@/api/contract/site';
import { type Question, questionsOf } from '@/shared/answers';
import type { PreviewContext } from './previewContext';

export interface FormDraft {
  items: readonly PageItem[];
  name: string;
  handle: string;
  thankYou: SiteForm['thank_you'];
  /**
   * The slug of the form's brand: a brand-only dealership picker offers that brand's dealerships,
   * as the submission checks them. Null for a form of no brand (every dealership); undefined while
   * it is not known yet.
   */
  brandSlug: string | null | undefined;
}

function siteQuestion(
  question: Question,
  context: PreviewContext,
  brandSlug: string | null | undefined,
): SiteQuestion {
  return {
    name: question.key,
    label: question.label,
    type: question.kind,
    required: question.required,
    options:
      question.kind === 'dealership'
        ? context.dealerships
            .filter((d) => !question.brandOnly || !brandSlug || d.brand?.slug === brandSlug)
            .map((d) => ({ value: d.slug, label: d.name }))
        : question.options,
    help: question.help,
    placeholder: question.placeholder,
    earliest: question.earliest,
    latest: question.latest,
  };
}

/** The form as a visitor would see it, from the builder's unsaved draft (questionsOf's questions). */
export function formFromDraft(draft: FormDraft, context: PreviewContext): SiteForm {
  return {
    handle: draft.handle,
    name: draft.name,
    questions: questionsOf(draft.items).map((question) => siteQuestion(question, context, draft.brandSlug)),
    thank_you: draft.thankYou,
  };
}
