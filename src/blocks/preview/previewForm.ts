import type { PageItem } from '@/api/contract/blocks';
import type { SiteDealershipSummary, SiteForm } from '@/api/contract/site';
import { questionsOf } from '@/shared/answers';
import { siteFormOf } from '@/site/siteForm';

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

/**
 * The form as a visitor would see it, from the builder's unsaved draft, made as the delivery API
 * makes a published one (siteFormOf): a dealership picker's options are the live dealerships by
 * id, the answers responses/submit takes.
 */
export function formFromDraft(draft: FormDraft, dealerships: readonly SiteDealershipSummary[]): SiteForm {
  const { brandSlug } = draft;
  return siteFormOf(
    { handle: draft.handle, name: draft.name, questions: questionsOf(draft.items), thankYou: draft.thankYou },
    (question) =>
      question.brandOnly && brandSlug ? dealerships.filter((d) => d.brand?.slug === brandSlug) : dealerships,
  );
}
