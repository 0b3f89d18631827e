import type { SiteForm, SiteQuestion } from '@/api/contract/site';
import type { Question } from '@/shared/answers';

/** A dealership a picker may offer: its id is the answer responses/submit takes. */
export interface PickableDealership {
  id: number;
  name: string;
}

/** What a form is shown from: its questions (questionsOf its blocks) and its thank-you texts. */
export interface SiteFormSource {
  handle: string;
  name: string;
  questions: readonly Question[];
  thankYou: SiteForm['thank_you'];
}

/**
 * A form as a website shows it, for the delivery API and the form builder's preview alike: each
 * question as the submission checks it, a dealership picker offering the dealerships `offered`
 * gives it (a brand-only picker its form's brand's), each by its id.
 */
export function siteFormOf(
  form: SiteFormSource,
  offered: (question: Question) => readonly PickableDealership[],
): SiteForm {
  return {
    handle: form.handle,
    name: form.name,
    questions: form.questions.map(
      (question): SiteQuestion => ({
        name: question.key,
        label: question.label,
        type: question.kind,
        required: question.required,
        options:
          question.kind === 'dealership'
            ? offered(question).map((d) => ({ value: String(d.id), label: d.name }))
            : question.options,
        help: question.help,
        placeholder: question.placeholder,
        earliest: question.earliest,
        latest: question.latest,
      }),
    ),
    thank_you: form.thankYou,
  };
}
