import { describe, expect, it } from 'vitest';
import { onRecord, presenceSentence } from './PresenceBar';

const page = onRecord('this page');
const robin = { name: 'Robin Editor', editing: true };
const sam = { name: 'Sam Lee', editing: false };
const ann = { name: 'Ann Ray', editing: false };

describe('the presence sentence', () => {
  it('says nothing while nobody else is there', () => {
    expect(presenceSentence([], false, page)).toBe('');
  });

  it('says who is editing and who is only viewing, editors first', () => {
    expect(presenceSentence([robin], false, page)).toBe('Robin Editor is also editing this page.');
    expect(presenceSentence([sam], false, page)).toBe('Sam Lee is also viewing this page.');
    expect(presenceSentence([sam, robin, ann], false, page)).toBe(
      'Robin Editor is also editing this page. Sam Lee and Ann Ray are also viewing this page.',
    );
  });

  it('tells the user of their own other tab in their own words', () => {
    expect(presenceSentence([], true, page)).toBe('You are also editing this page in another tab.');
    expect(presenceSentence([robin], true, page, 'viewing')).toBe(
      'Robin Editor is also editing this page. You are also viewing this page in another tab.',
    );
  });
});
