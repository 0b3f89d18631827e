import type { PageItem } from '@/api/contract/pages';
import type { SiteForm, SiteQuestion } from '@/api/contract/site';
import { type Question, questionsOf } from '@/shared/answers';
import type { PreviewContext } from './previewContext';

export interface FormDraft {
  items: readonly PageItem[];
  name: string;
  handle: string;
  thankYou: SiteForm['thank_you'];
  brandId: number | null;
}

function siteQuestion(question: Question, context: PreviewContext): SiteQuestion {
  return {
    name: question.key,
    label: question.label,
    type: question.kind,
    required: question.required,
    options:
      question.kind === 'dealership'
        ? context.dealerships
            // A brand-only picker offers the form's brand's dealerships; the preview knows brands by name only.
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
    questions: questionsOf(draft.items).map((question) => siteQuestion(question, context)),
    thank_you: draft.thankYou,
  };
}
