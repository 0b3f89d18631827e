/**
 * The website's renderer, written once: rendered to HTML by the server for /site/* and in the
 * browser by the builder's preview pane. No DOM at module level; it imports only the shared rules,
 * the contract and React.
 */
export { emptySettings, linkHref, pageHref, type SiteContext, type SiteFormState } from './context';
export { Markdown } from './Markdown';
export { BLOCK_COMPONENTS, SiteBlocks } from './SiteBlocks';
export { SiteDocument, type SiteDocumentProps } from './SiteDocument';
export { FORM_HANDLE_FIELD, SiteFormView, type SiteFormViewProps, SiteThankYou } from './SiteFormView';
export { SiteLayout } from './SiteLayout';
export { SiteNotFound } from './SiteNotFound';
export { Breadcrumbs, SitePageView } from './SitePageView';
