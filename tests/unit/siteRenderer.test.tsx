// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteBlock, SiteForm, SitePage } from '@/api/contract/site';
import { PAGE_BLOCKS } from '@/shared/catalogue';
import { emptySettings, type SiteContext } from '@/site/context';
import { BLOCK_COMPONENTS, SiteBlocks } from '@/site/SiteBlocks';
import { SiteFormView } from '@/site/SiteFormView';
import { SitePageView } from '@/site/SitePageView';

const form: SiteForm = {
  handle: 'interest',
  name: 'Interest enquiry',
  thank_you: { title: 'Thanks for asking', description: 'We will call you **today**.' },
  questions: [
    {
      name: 'name',
      label: 'Your name',
      type: 'text',
      required: true,
      options: [],
      help: 'As on your driving licence',
      placeholder: '',
      earliest: null,
      latest: null,
    },
    {
      name: 'email',
      label: 'E-mail',
      type: 'email',
      required: false,
      options: [],
      help: '',
      placeholder: '',
      earliest: null,
      latest: null,
    },
  ],
};

const context: SiteContext = {
  basePath: '/site',
  settings: { ...emptySettings, site_name: 'Northgate Motor Group' },
  navigation: [],
  dealerships: [],
  forms: { interest: form },
};

const block = (index: string, sections: SiteBlock['sections']): SiteBlock => ({
  index,
  name: index,
  sections,
});
const plain = (fields: Record<string, string>) => ({ fields, entries: [] });

const html = (blocks: SiteBlock[], ctx: SiteContext = context) =>
  renderToStaticMarkup(<SiteBlocks blocks={blocks} context={ctx} />);

describe('the website renderer', () => {
  it('has a component for every block type of the page catalogue', () => {
    expect(Object.keys(BLOCK_COMPONENTS).sort()).toEqual(Object.keys(PAGE_BLOCKS).sort());
  });

  it('renders blocks with their words and site links under the base path, and unknown types as nothing', () => {
    const out = html([
      block('hero', {
        content: plain({ title: 'Spring sale', subtitle: 'Low APR', alignment: 'center' }),
        button: plain({ label: 'Book a test drive', link: '/contact-us', style: 'primary' }),
      }),
      block('mystery', { content: plain({ title: 'Never shown' }) }),
      block('rich_text', {
        content: plain({ body: 'Hello <script>alert(1)</script> [x](javascript:alert(1))' }),
      }),
    ]);
    expect(out).toContain('<h2 class="site-hero__title" id="block-1-title">Spring sale</h2>');
    expect(out).toContain('href="/site/contact-us"');
    expect(out).not.toContain('Never shown');
    expect(out).not.toMatch(/<script|javascript:/);
  });

  it('drops a button whose link is unsafe', () => {
    const out = html([
      block('hero', {
        content: plain({ title: 'T' }),
        button: plain({ label: 'Click', link: 'javascript:alert(1)', style: 'primary' }),
      }),
    ]);
    expect(out).not.toContain('Click');
  });

  it('shows an embedded form with errors beside their fields, the typed values and a summary', () => {
    const out = renderToStaticMarkup(
      <SiteFormView
        form={form}
        action="/site/contact-us"
        values={{ name: '', email: 'not-an-email' }}
        errors={{ name: ['Enter your name.'], email: ['Enter a valid e-mail address.'] }}
      />,
    );
    expect(out).toMatch(
      /<form class="site-form" id="form-interest" [^>]*action="\/site\/contact-us" method="post">/,
    );
    expect(out).toMatch(/<div class="site-error-summary" id="form-interest-errors" tabindex="-1">/);
    expect(out).toContain('<a href="#form-interest-name">Your name: Enter your name.</a>');
    expect(out).toContain(
      'aria-invalid="true" aria-describedby="form-interest-name-help form-interest-name-error"',
    );
    expect(out).toContain('value="not-an-email"');
    expect(out).toContain('<span class="site-field__optional"> (optional)</span>');
  });

  it('hides the error summary before a post and shows the thank-you message once sent', () => {
    expect(renderToStaticMarkup(<SiteFormView form={form} action="/site/" />)).toContain('hidden=""');
    const sent = renderToStaticMarkup(<SiteFormView form={form} action="/site/" sent />);
    expect(sent).toContain('Thanks for asking');
    expect(sent).toContain('<strong>today</strong>');
    expect(sent).not.toContain('<form');
  });

  it('renders a page with breadcrumbs, its title and its children', () => {
    const page: SitePage = {
      name: 'Kia',
      path: '/used-cars/kia',
      meta: { title: '', description: '' },
      published_at: null,
      brand: null,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Used cars', path: '/used-cars' },
      ],
      blocks: [],
      configurables: {},
      children: [{ name: 'Sportage', path: '/used-cars/kia/sportage', published_at: null }],
      children_meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
      sort_by: 'sort_order',
      sort_by_mode: 'asc',
    };
    const out = renderToStaticMarkup(<SitePageView page={page} context={context} />);
    expect(out).not.toContain('Page 1 of');
    expect(out).toContain('<a href="/site/used-cars">Used cars</a>');
    expect(out).toContain('<span aria-current="page">Kia</span>');
    expect(out).toContain('<h1 class="site-page__title">Kia</h1>');
    expect(out).toContain('<a href="/site/used-cars/kia/sportage">Sportage</a>');
  });

  it('links the pages of a long list of children, from the one shown', () => {
    const page: SitePage = {
      name: 'Used cars',
      path: '/used-cars',
      meta: { title: '', description: '' },
      published_at: null,
      brand: null,
      breadcrumbs: [{ name: 'Home', path: '/' }],
      blocks: [],
      configurables: {},
      children: [{ name: 'Ceed', path: '/used-cars/ceed', published_at: null }],
      children_meta: { current_page: 2, last_page: 3, per_page: 100, total: 201 },
      sort_by: 'sort_order',
      sort_by_mode: 'asc',
    };
    const out = renderToStaticMarkup(<SitePageView page={page} context={context} />);
    expect(out).toContain('<a href="/site/used-cars" rel="prev">Previous</a>');
    expect(out).toContain('<span>Page 2 of 3</span>');
    expect(out).toContain('<a href="/site/used-cars?children_page=3" rel="next">Next</a>');
  });
});
