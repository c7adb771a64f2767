import { describe, expect, it } from 'vitest';
import { addMonths, agreementHtml, agreementPlainText, fillAgreement, instalmentAmounts } from './billing-rules';
import { programById } from './programs-rules';

describe('instalments', () => {
  it('charge the monthly amount, the last making up the total', () => {
    expect(instalmentAmounts(programById('standard')!)).toEqual([1600, 1600]);
    expect(instalmentAmounts(programById('advanced')!)).toEqual([1635, 1635, 1630]);
    expect(instalmentAmounts(programById('enterprise')!)).toEqual([3199, 3199, 3197]);
    for (const p of ['standard', 'advanced', 'enterprise'])
      expect(instalmentAmounts(programById(p)!).reduce((a, b) => a + b, 0)).toBe(programById(p)!.totalAmount);
  });

  it('fall due a calendar month apart, on the month’s last day when it is shorter', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
  });
});

describe('the agreement text', () => {
  it('fills in the placeholders and leaves unknown ones as written', () => {
    const text = fillAgreement(
      '{{client_name}}: {{total_amount}} {{unknown}}\n{{fee_schedule}}',
      programById('standard')!,
      'Ana',
      '2026-01-31',
    );
    expect(text).toContain('Ana: $3,200.00 {{unknown}}');
    expect(text).toContain('- Payment 1 of 2: $1,600.00, due on signing');
    expect(text).toContain('- Payment 2 of 2: $1,600.00, due');
  });

  it('is rendered from its small Markdown with every character escaped first', () => {
    const html = agreementHtml('# Title\n\nA **bold** and *soft* <b>tag</b> & more\n\n- one\n- two\n\n1. first');
    expect(html).toBe(
      '<h2>Title</h2>\n<p>A <strong>bold</strong> and <em>soft</em> &#60;b&#62;tag&#60;/b&#62; &#38; more</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n</ol>',
    );
    expect(agreementPlainText('# Title\n**bold** *soft*')).toBe('Title\nbold soft');
  });
});
