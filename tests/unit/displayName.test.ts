import { describe, expect, it } from 'vitest';
import { displayName } from '../../server/domain/storage';

describe('the name an upload is shown by', () => {
  it('keeps what names are written with, in any script', () => {
    const names = [
      'Škoda Octavia – café 日本語.jpg',
      'Ёлка (2024) [final] «v2».png',
      'عرض الصيف.pdf',
      'می\u200Cخواهم.png',
      'नमस्ते दुनिया.png',
      "Price £9,999 + VAT & O'Neill's #1!.jpg",
    ];
    expect(names.map(displayName)).toEqual(names);
  });

  it('drops any path and turns what cannot be in a file name, or cannot be seen, into _', () => {
    expect(displayName('C:\\fakepath\\photo.jpg')).toBe('photo.jpg');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('a:b*c?d"e<f>g|h.png')).toBe('a_b_c_d_e_f_g_h.png');
    expect(displayName('tab\there\u0000\u007f.png')).toBe('tab_here__.png');
    expect(displayName('zero\u200Bwidth\u2066isolate\u200Fmark.png')).toBe('zero_width_isolate_mark.png');
    expect(displayName('\u00A0 wide\u3000space .png ')).toBe('wide space .png');
  });

  it('is never empty, and is cut at 200 characters, never through one', () => {
    expect([undefined, '', '   ', 'folder/'].map(displayName)).toEqual(['file', 'file', 'file', 'file']);
    expect(displayName('𠀋'.repeat(250))).toBe('𠀋'.repeat(200));
  });
});
